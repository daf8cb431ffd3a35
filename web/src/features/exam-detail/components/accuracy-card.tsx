import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import card from '../../../components/ui/card/card.module.css';
import styles from './exam-detail.module.css';

interface Props {
  selectedCount: number;
  pending: boolean;
  /** Applies the shift; the page asks for confirmation first when nothing is selected. */
  onAdjust(direction: 'increase' | 'decrease', percentage: number): void;
}

/** The accuracy adjustment of docs/product.md#exam-detail, #limits: a 0–100 slider (step 1) and decrease / increase. */
export function AccuracyCard({ selectedCount, pending, onAdjust }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [percentage, setPercentage] = useState(10);
  return (
    <section className={`${card.panel} ${styles.card}`} aria-labelledby={`${id}-title`} data-testid="accuracy-card">
      <div className={styles.cardHeader}>
        <h2 id={`${id}-title`} className={styles.cardTitle}>
          {t('examDetail.accuracy.title')}
        </h2>
      </div>
      <p className={styles.cardText}>
        {selectedCount > 0 ? t('examDetail.accuracy.selected', { count: selectedCount }) : t('examDetail.accuracy.all')}
      </p>
      <div className={styles.sliderRow}>
        <label htmlFor={`${id}-slider`} className={styles.sliderLabel}>
          {t('examDetail.accuracy.amount')}
        </label>
        <input
          id={`${id}-slider`}
          type="range"
          min={0}
          max={100}
          step={1}
          value={percentage}
          onChange={(event) => setPercentage(Number(event.target.value))}
          className={styles.slider}
          data-testid="accuracy-slider"
        />
        <output htmlFor={`${id}-slider`} className={styles.sliderValue}>
          {percentage}%
        </output>
      </div>
      <div className={styles.optionButtons}>
        <button
          type="button"
          className={`${button.button} ${button.secondary} ${button.small}`}
          disabled={pending || percentage === 0}
          onClick={() => onAdjust('decrease', percentage)}
          data-testid="accuracy-decrease"
        >
          {t('examDetail.accuracy.decrease')}
        </button>
        <button
          type="button"
          className={`${button.button} ${button.primary} ${button.small}`}
          disabled={pending || percentage === 0}
          onClick={() => onAdjust('increase', percentage)}
          data-testid="accuracy-increase"
        >
          {t('examDetail.accuracy.increase')}
        </button>
      </div>
    </section>
  );
}
