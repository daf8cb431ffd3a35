import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../../components/ui/switch/switch.js';
import { useOfflineExam } from '../hooks/use-offline-exam.js';
import styles from './take-exam.module.css';

/** Whether the browser believes it is online, kept current. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * "Download for offline" on the exam's own screen (D437): the questions are kept on this device, and
 * the sittings of this exam taken offline are counted until they are synced.
 */
export function OfflineExamSwitch({ userId, examId }: { userId: string; examId: string }) {
  const { t, i18n } = useTranslation();
  const offline = useOfflineExam(userId, examId);
  const online = useOnline();
  const { stored, waiting, busy } = offline;
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
  return (
    <section className={styles.offline} aria-label={t('takeExam.offline.label')} data-testid="exam-offline">
      <Switch
        checked={!!stored}
        disabled={busy || stored === undefined || (!online && !stored)}
        onChange={(on) => void (on ? offline.download() : offline.remove())}
        label={t('takeExam.offline.download')}
        description={
          stored
            ? t('takeExam.offline.downloaded', {
                count: stored.exam.questions?.length ?? 0,
                time: time(stored.downloaded_at),
              })
            : t('takeExam.offline.hint')
        }
        testId="exam-offline-switch"
      />
      {waiting > 0 && (
        <p role="status" data-testid="exam-outbox-count" data-count={waiting}>
          {t('takeExam.offline.waiting', { count: waiting })}
        </p>
      )}
      {!!stored?.images?.missing && (
        <p data-testid="exam-offline-images-missing">
          {t('takeExam.offline.imagesMissing', { count: stored.images.missing })}
        </p>
      )}
      {offline.failed && <p role="alert">{t('takeExam.offline.downloadFailed')}</p>}
    </section>
  );
}
