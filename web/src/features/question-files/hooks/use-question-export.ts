import { useTranslation } from 'react-i18next';
import type { ExportJob } from '#shared/contracts/exports.js';
import type { ExportFormat } from '#shared/domain/question-sheet.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { useBackgroundExport } from '../../exports/index.js';

/**
 * A question file's or an exam's export (D198): started in the background whatever its size, then
 * saved through its link; `preparing` while the job runs. A build that failed offers a new try.
 */
export function useQuestionExport(start: (format: ExportFormat) => Promise<ExportJob>) {
  const { t } = useTranslation();
  const toast = useToast();
  const { preparing, run } = useBackgroundExport(start);

  const exportAs = async (format: ExportFormat) => {
    try {
      await run(format);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'export_failed')
        toast.error(t('questionFiles.export.buildFailed'));
      else toast.error(serverDetailOr(error, t, t('questionFiles.export.failed')));
    }
  };

  return { preparing, exportAs: (format: ExportFormat) => void exportAs(format) };
}
