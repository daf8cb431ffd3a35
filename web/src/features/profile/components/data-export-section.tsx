import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { useBackgroundExport } from '../../exports/index.js';
import { startUserDataExport } from '../api/start-user-data-export.js';

/** Export my data: built in the background (D195), then saved under the server's name. */
export function DataExportSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const { preparing, run } = useBackgroundExport(startUserDataExport);

  const onExport = async () => {
    try {
      const job = await run();
      toast.success(t('profile.export.done', { name: job.file_name }));
    } catch (error) {
      // A build that failed on the server: offer a new start rather than its technical sentence.
      if (error instanceof ApiError && error.code === 'export_failed') toast.error(t('profile.export.buildFailed'));
      else toast.error(serverDetailOr(error, t, t('profile.export.failed')));
    }
  };

  return (
    <Card
      id="profile-export"
      testId="profile-export"
      title={t('profile.export.title')}
      description={t('profile.export.description')}
    >
      <button
        type="button"
        className={`${button.button} ${button.secondary}`}
        onClick={() => void onExport()}
        disabled={preparing}
        aria-busy={preparing}
      >
        {preparing ? t('profile.export.downloading') : t('profile.export.button')}
      </button>
    </Card>
  );
}
