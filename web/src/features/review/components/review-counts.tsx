import { useTranslation } from 'react-i18next';
import styles from './review.module.css';

export interface ReviewCountsValue {
  new: number;
  learning: number;
  due: number;
  /** Of `learning`, the steps due now (D298: home and the profile say the same). */
  learning_now?: number;
}

/** New / learning / due left today, as Anki's three numbers; learning says how many are ready now. */
export function ReviewCounts({ counts }: { counts: ReviewCountsValue }) {
  const { t } = useTranslation();
  const readyNow = Math.min(counts.learning_now ?? counts.learning, counts.learning);
  return (
    <dl className={styles.counts} data-testid="review-counts">
      {(['new', 'learning', 'due'] as const).map((kind) => (
        <div key={kind} className={`${styles.count} ${styles[`count_${kind}`]}`}>
          <dt>{t(`review.counts.${kind}`)}</dt>
          <dd data-testid={`review-count-${kind}`}>{counts[kind]}</dd>
          {kind === 'learning' && readyNow < counts.learning && (
            <dd className={styles.countNote} data-testid="review-count-learning-now">
              {t('review.counts.readyNow', { count: readyNow })}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
