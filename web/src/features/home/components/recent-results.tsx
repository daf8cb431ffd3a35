import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ExamResult } from '#shared/contracts/results.js';
import { examDisplayTitle } from '#shared/domain/exam-title.js';
import button from '../../../components/ui/button/button.module.css';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';
import page from '../../../components/ui/page/page.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { formatCompletedAt, formatElapsed } from '../../../lib/format-time.js';
import { deleteExamResult, RECENT_RESULTS_COUNT, useRecentResults } from '../../results/index.js';
import styles from './recent-results.module.css';

/**
 * Home's Recent results (docs/product.md#results): the 5 newest results of the signed-in user (3 on phones),
 * each deletable after a confirm; a 401 or any load failure leaves the list empty (docs/product.md#errors).
 */
export function RecentResults() {
  const { t } = useTranslation();
  const toast = useToast();
  const language = currentLanguage();
  const recent = useRecentResults(true);
  const [deleting, setDeleting] = useState<ExamResult | null>(null);
  const [pending, setPending] = useState(false);
  const results = recent.error ? [] : (recent.data?.results ?? []).slice(0, RECENT_RESULTS_COUNT);
  const loading = !recent.data && !recent.error;

  const confirmDelete = async () => {
    if (!deleting) return;
    setPending(true);
    try {
      await deleteExamResult(deleting.id);
      toast.success(t('home.recentResults.deleted'));
      setDeleting(null);
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('home.recentResults.deleteFailed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <section
      className={`${page.section} ${page.sectionAlt}`}
      aria-labelledby="home-recent-results"
      data-testid="home-recent-results"
    >
      <div className={page.container}>
        <div className={styles.heading}>
          <h2 id="home-recent-results" className={page.sectionTitle}>
            {t('home.recentResults.title')}
          </h2>
          <Link to="/results" className={styles.allLink} data-testid="home-results-link">
            {t('home.recentResults.viewAll')}
          </Link>
        </div>
        {loading && <Spinner label={t('home.recentResults.loading')} />}
        {!loading && results.length === 0 && (
          <p className={styles.empty} data-testid="home-recent-empty">
            {t('home.recentResults.empty')}
          </p>
        )}
        {results.length > 0 && (
          <div className={`${dataTable.wrap} ${dataTable.cards}`}>
            <table className={`${dataTable.table} ${styles.recentTable}`} data-testid="home-recent-table">
              <thead>
                <tr>
                  <th>{t('home.recentResults.columns.exam')}</th>
                  <th className={dataTable.numeric}>{t('home.recentResults.columns.score')}</th>
                  <th className={dataTable.numeric}>{t('home.recentResults.columns.correct')}</th>
                  <th className={dataTable.numeric}>{t('home.recentResults.columns.wrong')}</th>
                  <th>{t('home.recentResults.columns.completed')}</th>
                  <th className={dataTable.numeric}>{t('home.recentResults.columns.elapsed')}</th>
                  <th>
                    <span className="visually-hidden">{t('home.recentResults.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {results.map((result) => (
                  <tr key={result.id} data-testid="home-recent-row" data-result-id={result.id}>
                    <td className={styles.examCell}>
                      <Link to={`/exam-detail/${encodeURIComponent(result.exam.id)}`} className={styles.examLink}>
                        {examDisplayTitle(result.exam, language, t('home.recentResults.untitled'))}
                      </Link>
                    </td>
                    <td className={dataTable.numeric} data-label={t('home.recentResults.columns.score')}>
                      <strong>
                        {result.score}/{result.total_score}
                      </strong>
                    </td>
                    <td
                      className={`${dataTable.numeric} ${dataTable.positive}`}
                      data-label={t('home.recentResults.columns.correct')}
                    >
                      {result.correct_count}
                    </td>
                    <td
                      className={`${dataTable.numeric} ${dataTable.negative}`}
                      data-label={t('home.recentResults.columns.wrong')}
                    >
                      {result.wrong_count}
                    </td>
                    <td className={styles.date} data-label={t('home.recentResults.columns.completed')}>
                      {formatCompletedAt(result.completed_at, language)}
                    </td>
                    <td className={dataTable.numeric} data-label={t('home.recentResults.columns.elapsed')}>
                      {formatElapsed(result.elapsed_seconds)}
                    </td>
                    <td className={styles.actionCell}>
                      <div className={styles.actions}>
                        <Link
                          to={`/results/${encodeURIComponent(result.id)}`}
                          className={`${button.button} ${button.secondary} ${button.small}`}
                          data-testid="home-recent-review"
                        >
                          {t('home.recentResults.review')}
                        </Link>
                        <button
                          type="button"
                          className={`${button.button} ${button.dangerOutline} ${button.small}`}
                          onClick={() => setDeleting(result)}
                          data-testid="home-recent-delete"
                        >
                          {t('home.recentResults.delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <ConfirmModal
        open={deleting !== null}
        title={t('home.recentResults.deleteTitle')}
        confirmLabel={t('home.recentResults.deleteConfirm')}
        cancelLabel={t('home.recentResults.cancel')}
        closeLabel={t('app.close')}
        tone="danger"
        pending={pending}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        testId="home-delete-result-modal"
      >
        <p>
          {deleting &&
            t('home.recentResults.deleteBody', {
              title: examDisplayTitle(deleting.exam, language, t('home.recentResults.untitled')),
              date: formatCompletedAt(deleting.completed_at, language),
            })}
        </p>
      </ConfirmModal>
    </section>
  );
}
