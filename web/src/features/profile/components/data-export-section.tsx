import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { exportUserData } from '../api/export-user-data.js';

/** Export my data: an xlsx named by the server (Content-Disposition). */
export function DataExportSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const [pending, setPending] = useState(false);

  const onExport = async () => {
    setPending(true);
    try {
      const name = await exportUserData();
      toast.success(t('profile.export.done', { name }));
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('profile.export.failed')));
    } finally {
      setPending(false);
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
        disabled={pending}
      >
        {pending ? t('profile.export.downloading') : t('profile.export.button')}
      </button>
    </Card>
  );
}
