import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accuracyPercentage, type QuestionStat } from '#shared/domain/question-order.js';
import styles from './take-exam.module.css';

interface AccuracyPanelProps {
  stat: QuestionStat;
  /** Called with the slider's new value once the user lets go of it. */
  onAdjust(target: number, current: number): void;
  pending: boolean;
}

/** The caller's accuracy on this question with a 0–100 slider (docs/product.md#take-exam; shown only with attempts). */
export function AccuracyPanel({ stat, onAdjust, pending }: AccuracyPanelProps) {
  const { t } = useTranslation();
  const current = accuracyPercentage(stat);
  const [value, setValue] = useState(current);
  // Pointer-up, key-up and blur may all report the same release: each target is sent once.
  const sent = useRef<number | null>(null);
  useEffect(() => {
    setValue(current);
    sent.current = null;
  }, [current]);

  const commit = () => {
    if (value === current || value === sent.current) return;
    sent.current = value;
    onAdjust(value, current);
  };

  return (
    <section className={styles.stats} data-testid="accuracy-panel">
      <div className={styles.statsHead}>
        <span className={styles.statsTitle}>{t('takeExam.stats.title')}</span>
        <span className={styles.statsNumbers}>
          {t('takeExam.stats.attempts', { count: stat.total_attempts, correct: stat.correct_attempts })} ·{' '}
          <strong data-testid="accuracy-value">{t('takeExam.stats.accuracy', { value })}</strong>
        </span>
      </div>
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        className={styles.slider}
        value={value}
        aria-busy={pending}
        aria-label={t('takeExam.stats.slider')}
        aria-valuetext={t('takeExam.stats.accuracy', { value })}
        onChange={(event) => setValue(Number(event.target.value))}
        onPointerUp={commit}
        onKeyUp={commit}
        onBlur={commit}
        data-testid="accuracy-slider"
      />
    </section>
  );
}
