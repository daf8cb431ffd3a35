import { useTranslation } from 'react-i18next';
import { formatElapsed } from '../../../lib/format-time.js';
import { accuracyPercent } from '../utils/session-summary.js';
import styles from './review.module.css';

interface SummaryStatsProps {
  score: number;
  total: number;
  answered: number;
  elapsedSeconds: number;
}

/** Score, accuracy (of the answered questions) and time, side by side. */
export function SummaryStats({ score, total, answered, elapsedSeconds }: SummaryStatsProps) {
  const { t } = useTranslation();
  return (
    <>
      <dl className={styles.stats} data-testid="summary-stats">
        <div className={styles.stat}>
          <dt className={styles.statLabel}>{t('takeExam.summary.score')}</dt>
          <dd className={styles.statValue} data-testid="summary-score">
            {t('takeExam.summary.scoreValue', { score, total })}
          </dd>
        </div>
        <div className={styles.stat}>
          <dt className={styles.statLabel}>{t('takeExam.summary.accuracy')}</dt>
          <dd className={styles.statValue} data-testid="summary-accuracy">
            {accuracyPercent(score, answered)}%
          </dd>
        </div>
        <div className={styles.stat}>
          <dt className={styles.statLabel}>{t('takeExam.summary.time')}</dt>
          <dd className={styles.statValue} data-testid="summary-time">
            {formatElapsed(elapsedSeconds)}
          </dd>
        </div>
      </dl>
      <p className={styles.note}>{t('takeExam.summary.answeredOf', { answered, total })}</p>
    </>
  );
}
