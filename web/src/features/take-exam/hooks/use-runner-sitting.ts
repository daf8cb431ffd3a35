import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { isPageReload } from '../utils/page-reload.js';
import type { SessionAction, SessionRecord } from '../utils/session-record.js';
import { useServerSitting } from './use-server-sitting.js';
import type { TakeExamParams } from './use-take-exam-params.js';

interface RunnerSittingInput {
  examId: string;
  record: SessionRecord;
  dispatch: (action: SessionAction) => void;
  /** Signed in and taking the whole exam. */
  enabled: boolean;
  params: TakeExamParams;
}

/**
 * The whole exam, signed in: kept on the server too, so another tab or device continues it.
 * Entering the exam (any link to it, in the app or from outside) asks "continue or start over"
 * whenever a sitting is unfinished; reloading the exam's own page goes on where it was (D296).
 */
export function useRunnerSitting({ examId, record, dispatch, enabled, params }: RunnerSittingInput) {
  const { key: locationKey } = useLocation();
  const [reloaded] = useState(() => isPageReload(locationKey));
  return useServerSitting({
    examId,
    record,
    dispatch,
    enabled,
    restart: params.restart,
    offer: !params.resume && !params.continueResultId && !reloaded,
  });
}
