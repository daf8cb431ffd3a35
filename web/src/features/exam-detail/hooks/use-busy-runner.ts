import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';

/** The screen's one busy flag: `run` does a write with the screen busy and shows a failure as the server's detail or `failureKey`. */
export function useBusyRunner() {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>, failureKey: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.error(serverDetailOr(error, t, t(failureKey)));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export type RunBusy = ReturnType<typeof useBusyRunner>['run'];
