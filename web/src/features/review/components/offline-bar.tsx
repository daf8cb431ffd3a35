import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import { Switch } from '../../../components/ui/switch/switch.js';
import type { OfflineReview } from '../hooks/use-offline-review.js';
import styles from './review.module.css';

/**
 * "Download for offline" and what the device holds: offline or not, the grades waiting to be sent,
 * the last sync, and the grades the server refused (the learner is told, then they are dropped).
 */
export function OfflineBar({ offline, canDownload }: { offline: OfflineReview; canDownload: boolean }) {
  const { t, i18n } = useTranslation();
  const { meta, pending, online, busy } = offline;
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
  const refused = meta?.refused ?? [];
  if (!canDownload && !meta && pending === 0 && online) return null;
  return (
    <section className={styles.offline} aria-label={t('review.offline.label')} data-testid="review-offline">
      {(canDownload || meta) && (
        <Switch
          checked={!!meta}
          disabled={busy || (!online && !meta)}
          onChange={(on) => void (on ? offline.download() : offline.remove())}
          label={t('review.offline.download')}
          description={
            meta
              ? t('review.offline.downloaded', { count: offline.cardCount, time: time(meta.downloaded_at) })
              : undefined
          }
          testId="review-offline-switch"
        />
      )}
      {(meta || pending > 0 || !online) && (
        <p className={styles.muted} role="status" data-testid="review-offline-status">
          {!online && <strong data-testid="review-offline-badge">{t('review.offline.offline')} · </strong>}
          <span data-testid="review-outbox-count" data-count={pending}>
            {t('review.offline.waiting', { count: pending })}
          </span>
          {meta?.last_sync && <> · {t('review.offline.lastSync', { time: time(meta.last_sync) })}</>}
        </p>
      )}
      {offline.downloadFailed && (
        <p className={styles.muted} role="alert">
          {t('review.offline.downloadFailed')}
        </p>
      )}
      {refused.length > 0 && (
        <div role="alert" className={styles.refused} data-testid="review-refused">
          <p>{t('review.offline.refused', { count: refused.length })}</p>
          <button
            type="button"
            className={`${button.button} ${button.ghost} ${button.small}`}
            onClick={() => void offline.dismissRefused()}
          >
            {t('review.offline.dismiss')}
          </button>
        </div>
      )}
    </section>
  );
}
