import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Study, StudyTask } from '#shared/contracts/studies.js';
import { examDisplayTitle } from '#shared/domain/exam-title.js';
import button from '../../../components/ui/button/button.module.css';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import form from '../../../components/ui/form/form.module.css';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { updateStudyTask } from '../api/update-study-task.js';
import type { ExamOption } from '../hooks/use-exam-options.js';
import { parseProgress } from '../utils/create-study-rules.js';
import { taskName } from '../utils/study-view.js';
import { nextSort, sortRows, type SortState } from '../utils/table-sort.js';
import { ExamSelect } from './exam-select.js';
import { SortHeader } from './sort-header.js';
import styles from './studies.module.css';

type Column = 'name' | 'exam' | 'progress';
const COLUMNS: Column[] = ['name', 'exam', 'progress'];

interface Props {
  study: Study;
  canManage: boolean;
  examOptions: readonly ExamOption[];
  selected: ReadonlySet<string>;
  onSelectedChange(selected: Set<string>): void;
  onDelete(task: StudyTask): void;
  /** Spec 4 §2.2: editing a task row switches the study's edit mode on too. */
  onEditStart(): void;
}

/** Spec 4 §2.2: the tasks, sortable by name, exam and progress; managers select, edit and delete rows. */
export function TaskTable({ study, canManage, examOptions, selected, onSelectedChange, onDelete, onEditStart }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const language = currentLanguage();
  const [sort, setSort] = useState<SortState<Column>>({ key: 'name', direction: 'asc' });
  const [editing, setEditing] = useState<{ id: string; name: string; examId: string; progress: string } | null>(null);
  const [pending, setPending] = useState(false);
  const tasks = study.tasks ?? [];
  const examLabel = (task: StudyTask) => (task.exam ? examDisplayTitle(task.exam, language, task.exam.display_title) : '');
  const sorted = sortRows(tasks, sort, (task, key) => (key === 'name' ? taskName(task, language) : key === 'exam' ? examLabel(task) : task.progress), language);
  const allSelected = tasks.length > 0 && tasks.every((task) => selected.has(task.id));

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };

  const save = async () => {
    if (!editing) return;
    if (!editing.name.trim()) return toast.warning(t('studies.tasks.nameRequired'));
    const progress = parseProgress(editing.progress);
    if (progress === null) return toast.warning(t('studies.tasks.invalidProgress'));
    setPending(true);
    try {
      await updateStudyTask(editing.id, { study: study.id, [language === 'ko' ? 'name_ko' : 'name_en']: editing.name.trim(), exam: editing.examId || null, progress });
      toast.success(t('studies.tasks.updated'));
      setEditing(null);
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('studies.tasks.updateFailed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className={`${dataTable.wrap} ${dataTable.cards}`}>
      <table className={dataTable.table} data-testid="task-table">
        <thead className={dataTable.sortBar}>
          <tr>
            {canManage && (
              <th className={styles.checkCell}>
                <input
                  type="checkbox"
                  className={form.checkbox}
                  checked={allSelected}
                  disabled={tasks.length === 0}
                  onChange={(event) => onSelectedChange(new Set(event.target.checked ? tasks.map((task) => task.id) : []))}
                  aria-label={t('studies.tasks.selectAll')}
                />
              </th>
            )}
            {COLUMNS.map((column) => {
              const label = t(`studies.tasks.columns.${column}`);
              return (
                <SortHeader
                  key={column}
                  column={column}
                  label={label}
                  sort={sort}
                  sortByLabel={t('studies.list.columns.sortBy', { column: label })}
                  onSort={(key) => setSort((current) => nextSort(current, key))}
                  className={column === 'progress' ? dataTable.numeric : undefined}
                />
              );
            })}
            <th>
              <span className="visually-hidden">{t('studies.tasks.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.length === 0 && (
            <tr>
              <td colSpan={COLUMNS.length + 2} className={`${styles.muted} ${styles.emptyCell}`}>
                {t('studies.tasks.empty')}
              </td>
            </tr>
          )}
          {sorted.map((task) => {
            const name = taskName(task, language);
            const rowEditing = editing?.id === task.id;
            return (
              <tr key={task.id} className={selected.has(task.id) ? dataTable.selected : undefined} data-testid="task-row">
                {canManage && (
                  <td className={styles.checkCell}>
                    <input
                      type="checkbox"
                      className={form.checkbox}
                      checked={selected.has(task.id)}
                      onChange={() => toggle(task.id)}
                      aria-label={t('studies.tasks.select', { name })}
                    />
                  </td>
                )}
                <td data-label={t('studies.tasks.columns.name')}>
                  {rowEditing ? (
                    <input
                      className={`${form.input} ${styles.inlineInput}`}
                      value={editing.name}
                      aria-label={t('studies.tasks.name')}
                      onChange={(event) => setEditing({ ...editing, name: event.target.value })}
                    />
                  ) : task.exam ? (
                    <Link
                      className={styles.titleLink}
                      to={`/take-exam/${encodeURIComponent(task.exam.id)}?returnTo=exam-detail&studyId=${encodeURIComponent(study.id)}&examId=${encodeURIComponent(task.exam.id)}`}
                      data-testid="task-take-link"
                    >
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                </td>
                <td data-label={t('studies.tasks.columns.exam')}>
                  {rowEditing ? (
                    <ExamSelect
                      value={editing.examId}
                      options={examOptions}
                      current={task.exam ? { id: task.exam.id, label: examLabel(task) } : null}
                      onChange={(examId) => setEditing({ ...editing, examId })}
                      label={t('studies.tasks.exam')}
                    />
                  ) : (
                    examLabel(task) || <span className={styles.muted}>{t('studies.tasks.noExam')}</span>
                  )}
                </td>
                <td className={dataTable.numeric} data-label={t('studies.tasks.columns.progress')}>
                  {rowEditing ? (
                    <input
                      type="number"
                      min={0}
                      max={100}
                      className={`${form.input} ${styles.inlineInput}`}
                      value={editing.progress}
                      aria-label={t('studies.tasks.progress')}
                      onChange={(event) => setEditing({ ...editing, progress: event.target.value })}
                    />
                  ) : (
                    `${task.progress}%`
                  )}
                </td>
                <td>
                  <div className={dataTable.rowActions}>
                    {task.exam && !rowEditing && (
                      <Link className={`${button.button} ${button.secondary} ${button.small}`} to={`/exam-detail/${encodeURIComponent(task.exam.id)}`}>
                        {t('studies.tasks.details')}
                      </Link>
                    )}
                    {canManage && rowEditing && (
                      <>
                        <button type="button" className={`${button.button} ${button.primary} ${button.small}`} disabled={pending} onClick={() => void save()}>
                          {t('studies.tasks.save')}
                        </button>
                        <button type="button" className={`${button.button} ${button.secondary} ${button.small}`} onClick={() => setEditing(null)}>
                          {t('studies.tasks.cancel')}
                        </button>
                      </>
                    )}
                    {canManage && !rowEditing && (
                      <>
                        <button
                          type="button"
                          className={`${button.button} ${button.secondary} ${button.small}`}
                          onClick={() => {
                            setEditing({ id: task.id, name, examId: task.exam?.id ?? '', progress: String(task.progress) });
                            onEditStart();
                          }}
                        >
                          {t('studies.tasks.edit')}
                        </button>
                        <button type="button" className={`${button.button} ${button.dangerOutline} ${button.small}`} onClick={() => onDelete(task)}>
                          {t('studies.tasks.delete')}
                        </button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
