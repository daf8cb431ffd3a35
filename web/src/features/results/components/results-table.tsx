import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ExamResult } from '#shared/contracts/results.js';
import { examDisplayTitle } from '#shared/domain/exam-title.js';
import type { Language } from '#shared/domain/language.js';
import button from '../../../components/ui/button/button.module.css';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import { formatCompletedAt, formatElapsed } from '../../../lib/format-time.js';
import { continuePath, redoPath } from '../utils/results-pagination.js';
import styles from './results.module.css';

interface Props {
  results: ExamResult[];
  isAdmin: boolean;
  language: Language;
  onDelete(result: ExamResult): void;
}

/** docs/product.md#results's table; on phones each row is a card (labels from data-label). */
export function ResultsTable({ results, isAdmin, language, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <div className={`${dataTable.wrap} ${dataTable.cards}`}>
      <table className={`${dataTable.table} ${styles.resultsTable}`} data-testid="results-table">
        <thead>
          <tr>
            <th>{t('results.columns.exam')}</th>
            <th>{t('results.columns.study')}</th>
            <th className={dataTable.numeric}>{t('results.columns.score')}</th>
            <th className={dataTable.numeric}>{t('results.columns.correct')}</th>
            <th className={dataTable.numeric}>{t('results.columns.wrong')}</th>
            <th className={dataTable.numeric}>{t('results.columns.elapsed')}</th>
            {isAdmin && (
              <th className={styles.manageHead} data-testid="results-manage-column">
                {t('results.columns.manage')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {results.map((result) => {
            const title = examDisplayTitle(result.exam, language, t('results.untitled'));
            const completed = formatCompletedAt(result.completed_at, language);
            return (
              <tr key={result.id} data-testid="result-row" data-result-id={result.id}>
                <td className={styles.examCell}>
                  <Link
                    to={`/exam-detail/${encodeURIComponent(result.exam.id)}`}
                    className={styles.examLink}
                    data-testid="result-exam-link"
                  >
                    {title}
                  </Link>
                  <span className={styles.completed}>{t('results.completedAt', { date: completed })}</span>
                  <Link
                    to={`/results/${encodeURIComponent(result.id)}`}
                    className={styles.reviewLink}
                    data-testid="result-review-link"
                  >
                    {t('results.detail.review')}
                  </Link>
                </td>
                <td
                  className={result.exam.study?.title ? styles.studyCell : `${styles.studyCell} ${styles.noStudy}`}
                  data-label={t('results.columns.study')}
                >
                  {result.exam.study?.title || t('results.noStudy')}
                </td>
                <td className={dataTable.numeric} data-label={t('results.columns.score')} data-testid="result-score">
                  <strong>
                    {result.score}/{result.total_score}
                  </strong>
                </td>
                <td className={`${dataTable.numeric} ${dataTable.positive}`} data-label={t('results.columns.correct')}>
                  {result.correct_count}
                </td>
                <td className={`${dataTable.numeric} ${dataTable.negative}`} data-label={t('results.columns.wrong')}>
                  {result.wrong_count}
                </td>
                <td className={dataTable.numeric} data-label={t('results.columns.elapsed')}>
                  {formatElapsed(result.elapsed_seconds)}
                </td>
                {isAdmin && (
                  <td className={styles.manageCell}>
                    <div className={`${dataTable.rowActions} ${styles.rowActions}`}>
                      <Link
                        to={redoPath(result.exam.id)}
                        className={`${button.button} ${button.secondary} ${button.small}`}
                        data-testid="result-redo"
                      >
                        {t('results.actions.redo')}
                      </Link>
                      <Link
                        to={continuePath(result.exam.id, result.id)}
                        className={`${button.button} ${button.secondary} ${button.small}`}
                        data-testid="result-continue"
                      >
                        {t('results.actions.continue')}
                      </Link>
                      <button
                        type="button"
                        className={`${button.button} ${button.dangerOutline} ${button.small}`}
                        onClick={() => onDelete(result)}
                        data-testid="result-delete"
                      >
                        {t('results.actions.delete')}
                      </button>
                    </div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
