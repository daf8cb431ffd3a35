import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import form from '../../../components/ui/form/form.module.css';
import type { AnswerReveal } from '../hooks/use-answer-reveal.js';
import type { SortKey, SortOrder } from '../utils/detail-state.js';
import { detailPath } from '../utils/exam-links.js';
import type { QuestionRow } from '../utils/question-rows.js';
import { QuestionReading } from './question-reading.js';
import styles from './exam-detail.module.css';

interface Props {
  rows: QuestionRow[];
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  onToggleAll(select: boolean): void;
  sortBy: SortKey;
  sortOrder: SortOrder;
  onSort(column: SortKey): void;
  favoritesMode: boolean;
  /** The address of one question on its own. */
  questionPath(row: QuestionRow): string;
  onFavorite(row: QuestionRow): void;
  onIgnore(row: QuestionRow): void;
  busyId: string | null;
  /** Question id → the members it is mapped to; the column shows only when this has entries. */
  mappings: ReadonlyMap<string, string>;
  /** Which rows show their answer and explanation. */
  reveal: AnswerReveal;
}

/**
 * The question table of docs/product.md#exam-detail. On phones each row is a card and the head stays as a bar of
 * sort buttons; on desktop a wide table scrolls inside its own frame, never the page.
 */
export function QuestionTable({
  rows,
  selected,
  onToggle,
  onToggleAll,
  sortBy,
  sortOrder,
  onSort,
  favoritesMode,
  questionPath,
  onFavorite,
  onIgnore,
  busyId,
  mappings,
  reveal,
}: Props) {
  const { t } = useTranslation();
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));

  const head = (column: SortKey, label: string, numeric = false) => {
    const active = sortBy === column;
    return (
      <th
        className={`${styles.sortableHead} ${numeric ? dataTable.numeric : ''}`}
        aria-sort={active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}
        scope="col"
      >
        <button
          type="button"
          className={dataTable.sortButton}
          onClick={() => onSort(column)}
          data-testid={`sort-${column}`}
        >
          {label}
          <span className={dataTable.sortIcon} aria-hidden="true">
            {active ? (sortOrder === 'asc' ? '▲' : '▼') : ''}
          </span>
        </button>
      </th>
    );
  };

  return (
    <div className={`${dataTable.wrap} ${dataTable.cards} ${styles.tableWrap}`} data-scroll-x>
      <table className={`${dataTable.table} ${styles.questionTable}`} data-testid="question-table">
        <thead className={dataTable.sortBar}>
          <tr>
            <th scope="col" className={`${styles.selectCell} ${styles.sortableHead}`}>
              <input
                type="checkbox"
                className={form.checkbox}
                checked={allSelected}
                onChange={(event) => onToggleAll(event.target.checked)}
                aria-label={t('examDetail.table.selectAll')}
                data-testid="select-all"
              />
            </th>
            {head('order', t('examDetail.table.number'), true)}
            {head('csv_id', t('examDetail.table.id'))}
            {head('title', t('examDetail.table.title'))}
            {head('group_id', t('examDetail.table.group'))}
            {head('difficulty', t('examDetail.table.difficulty'))}
            {head('answer', t('examDetail.table.correct'), true)}
            {head('total_attempts', t('examDetail.table.attempts'), true)}
            {mappings.size > 0 && (
              <th scope="col" className={styles.phoneHidden}>
                {t('examDetail.table.mapping')}
              </th>
            )}
            {favoritesMode && (
              <th scope="col" className={styles.phoneHidden}>
                {t('examDetail.table.originalExam')}
              </th>
            )}
            <th scope="col" className={styles.phoneHidden}>
              {t('examDetail.table.status')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              key={row.id}
              className={selected.has(row.id) ? dataTable.selected : undefined}
              data-testid="question-row"
              data-question-id={row.id}
            >
              <td className={styles.selectCell}>
                <input
                  type="checkbox"
                  className={form.checkbox}
                  checked={selected.has(row.id)}
                  onChange={() => onToggle(row.id)}
                  aria-label={t('examDetail.table.select', { title: row.title || row.csvId })}
                  data-testid="question-select"
                />
              </td>
              <td className={dataTable.numeric} data-label={t('examDetail.table.number')}>
                {index + 1}
              </td>
              <td data-label={t('examDetail.table.id')} data-testid="question-csv-id">
                {row.csvId || '—'}
              </td>
              <td className={styles.titleCell}>
                <Link to={questionPath(row)} className={styles.questionLink} data-testid="question-title">
                  {row.title || t('examDetail.untitledQuestion')}
                </Link>
                {row.isLeech && (
                  <Link
                    to="/review"
                    className={styles.leech}
                    title={t('examDetail.table.leechHint')}
                    data-testid="question-leech"
                  >
                    {t('examDetail.table.leech')}
                  </Link>
                )}
                <QuestionReading row={row} revealed={reveal.isShown(row.id)} onToggle={() => reveal.toggle(row.id)} />
              </td>
              <td data-label={t('examDetail.table.group')} data-testid="question-group">
                {row.groupId || '—'}
              </td>
              <td data-label={t('examDetail.table.difficulty')}>{t(`examDetail.difficulty.${row.difficulty}`)}</td>
              <td
                className={dataTable.numeric}
                data-label={t('examDetail.table.correct')}
                data-testid="question-correct"
              >
                {row.correct}
              </td>
              <td
                className={dataTable.numeric}
                data-label={t('examDetail.table.attempts')}
                data-testid="question-attempts"
              >
                {row.attempts}
              </td>
              {mappings.size > 0 && (
                <td data-label={t('examDetail.table.mapping')} data-testid="question-mapping">
                  {mappings.get(row.id) ?? t('examDetail.table.noMapping')}
                </td>
              )}
              {favoritesMode && (
                <td data-label={t('examDetail.table.originalExam')} className={styles.originCell}>
                  {row.originalExams.map((exam) => (
                    <Link key={exam.id} to={detailPath(exam.id)} data-testid="question-original-exam">
                      {exam.title}
                    </Link>
                  ))}
                </td>
              )}
              <td data-label={t('examDetail.table.status')}>
                <div className={styles.statusCell}>
                  <button
                    type="button"
                    className={`${styles.flag} ${row.isFavorite ? styles.flagOn : ''}`}
                    aria-pressed={row.isFavorite}
                    aria-label={t(row.isFavorite ? 'examDetail.table.unfavorite' : 'examDetail.table.favorite', {
                      title: row.title,
                    })}
                    title={t(row.isFavorite ? 'examDetail.table.unfavorite' : 'examDetail.table.favorite', {
                      title: row.title,
                    })}
                    disabled={busyId === row.id}
                    onClick={() => onFavorite(row)}
                    data-testid="question-favorite"
                  >
                    <span aria-hidden="true">{row.isFavorite ? '★' : '☆'}</span>
                  </button>
                  <button
                    type="button"
                    className={`${styles.flag} ${row.isIgnored ? styles.flagIgnored : ''}`}
                    aria-pressed={row.isIgnored}
                    aria-label={t(row.isIgnored ? 'examDetail.table.unignore' : 'examDetail.table.ignore', {
                      title: row.title,
                    })}
                    title={t(row.isIgnored ? 'examDetail.table.unignore' : 'examDetail.table.ignore', {
                      title: row.title,
                    })}
                    disabled={busyId === row.id}
                    onClick={() => onIgnore(row)}
                    data-testid="question-ignore"
                  >
                    <span aria-hidden="true">{row.isIgnored ? '⊘' : '○'}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
