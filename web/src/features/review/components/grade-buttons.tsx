import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewCard, ReviewRating } from '#shared/contracts/review.js';
import { useFocusWhenDrawn } from '../../../lib/use-focus-when-drawn.js';
import { formatInterval, RATINGS } from '../utils/intervals.js';
import styles from './review.module.css';

interface GradeButtonsProps {
  intervals: ReviewCard['intervals'];
  proposed: ReviewRating | null;
  disabled?: boolean;
  onGrade(rating: ReviewRating): void;
}

/**
 * Again / Hard / Good / Easy with the next interval on each (as Anki shows them). The proposed grade
 * (from a typed answer's verdict, else Good) takes the focus, so Enter or Space accepts it and the
 * answer box no longer holds it (Z, 1–4 work at once).
 */
export function GradeButtons({ intervals, proposed, disabled = false, onGrade }: GradeButtonsProps) {
  const { t, i18n } = useTranslation();
  const focused = useRef<HTMLButtonElement>(null);
  const target = proposed ?? 'good';
  useFocusWhenDrawn(focused, target);
  return (
    <div className={styles.grades} role="group" aria-label={t('review.grade.label')} data-testid="review-grades">
      {RATINGS.map((rating, i) => (
        <button
          key={rating}
          ref={rating === target ? focused : undefined}
          type="button"
          className={`${styles.grade} ${styles[rating]} ${proposed === rating ? styles.proposed : ''}`}
          onClick={() => onGrade(rating)}
          disabled={disabled}
          aria-keyshortcuts={String(i + 1)}
          data-testid={`review-grade-${rating}`}
          data-proposed={proposed === rating || undefined}
        >
          <span className={styles.gradeName}>{t(`review.grade.${rating}`)}</span>
          <span className={styles.gradeInterval}>{formatInterval(intervals[rating], i18n.language)}</span>
        </button>
      ))}
    </div>
  );
}
