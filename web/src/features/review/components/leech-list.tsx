import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { useLeeches } from '../api/get-leeches.js';
import { ignoreLeech } from '../api/ignore-leech.js';
import styles from './review.module.css';

/**
 * Leeches (questions failed 8 times or more): each with its edit screen and Ignore one click away,
 * since a question that keeps slipping is usually worded badly or not worth the reviews.
 */
export function LeechList() {
  const { t } = useTranslation();
  const toast = useToast();
  const { data } = useLeeches();
  const [busy, setBusy] = useState<string | null>(null);
  const leeches = data?.leeches ?? [];
  if (leeches.length === 0) return null;

  const ignore = async (questionId: string) => {
    setBusy(questionId);
    try {
      await ignoreLeech(questionId);
      toast.success(t('review.leeches.ignored'));
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('review.leeches.ignoreFailed')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.leeches} aria-labelledby="review-leeches" data-testid="review-leeches">
      <h2 id="review-leeches" className={styles.sectionTitle}>
        {t('review.leeches.title')}
      </h2>
      <p className={styles.muted}>{t('review.leeches.description')}</p>
      <ul className={styles.leechList}>
        {leeches.map((leech) => (
          <li key={leech.question_id} className={styles.leechRow} data-testid="review-leech">
            <span className={styles.leechTitle}>{leech.title || leech.question_id}</span>
            <span className={styles.muted}>{t('review.leeches.failures', { count: leech.failures })}</span>
            <span className={styles.leechActions}>
              {leech.exam_id && (
                <Link
                  className={`${button.button} ${button.secondary} ${button.small}`}
                  to={`/take-exam/${leech.exam_id}?question_id=${encodeURIComponent(leech.question_id)}`}
                  data-testid="review-leech-edit"
                >
                  {t('review.leeches.edit')}
                </Link>
              )}
              <button
                type="button"
                className={`${button.button} ${button.ghost} ${button.small}`}
                onClick={() => void ignore(leech.question_id)}
                disabled={busy === leech.question_id}
                data-testid="review-leech-ignore"
              >
                {t('review.leeches.ignore')}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
