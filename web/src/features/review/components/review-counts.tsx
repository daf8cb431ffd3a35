import { useTranslation } from 'react-i18next';
import styles from './review.module.css';

/** New / learning / due left today, as Anki's three numbers. */
export function ReviewCounts({ counts }: { counts: { new: number; learning: number; due: number } }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.counts} data-testid="review-counts">
      {(['new', 'learning', 'due'] as const).map((kind) => (
        <div key={kind} className={`${styles.count} ${styles[`count_${kind}`]}`}>
          <dt>{t(`review.counts.${kind}`)}</dt>
          <dd data-testid={`review-count-${kind}`}>{counts[kind]}</dd>
        </div>
      ))}
    </dl>
  );
}
