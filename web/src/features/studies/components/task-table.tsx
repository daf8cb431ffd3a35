import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Study, StudyTask } from '#shared/contracts/studies.js';
import { examDisplayTitle } from '#shared/domain/exam-title.js';
import button from '../../../components/ui/button/button.module.css';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table/data-table.js';
import dataTable from '../../../components/ui/data-table/data-table.module.css';
import form from '../../../components/ui/form/form.module.css';
import screen from '../../../components/ui/screen/screen.module.css';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { updateStudyTask } from '../api/update-study-task.js';
import type { ExamOption } from '../hooks/use-exam-options.js';
import { parseProgress } from '../utils/create-study-rules.js';
import { taskName } from '../utils/study-view.js';
import { nextSort, sortRows, type SortState } from '../../../lib/table-sort.js';
import { ExamSelect } from './exam-select.js';
import styles from './studies.module.css';
import { toggled } from '../../../lib/selection.js';

type Column = 'name' | 'exam' | 'progress';

interface Props {
  study: Study;
  canManage: boolean;
  examOptions: readonly ExamOption[];
  selected: ReadonlySet<string>;
  onSelectedChange(selected: Set<string>): void;
  onDelete(task: StudyTask): void;
  /** docs/product.md#study-detail: editing a task row switches the study's edit mode on too. */
  onEditStart(): void;
}

/** docs/product.md#study-detail: the tasks, sortable by name, exam and progress; managers select, edit and delete rows. */
export function TaskTable({ study, canManage, examOptions, selected, onSelectedChange, onDelete, onEditStart }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const language = currentLanguage();
  const [sort, setSort] = useState<SortState<Column>>({ key: 'name', direction: 'asc' });
  const [editing, setEditing] = useState<{ id: string; name: string; examId: string; progress: string } | null>(null);
  const [pending, setPending] = useState(false);
  const tasks = study.tasks ?? [];
  const examLabel = (task: StudyTask) =>
    task.exam ? examDisplayTitle(task.exam, language, task.exam.display_title) : '';
  const sorted = sortRows(
    tasks,
    sort,
    (task, key) => (key === 'name' ? taskName(task, language) : key === 'exam' ? examLabel(task) : task.progress),
    language,
  );
  const allSelected = tasks.length > 0 && tasks.every((task) => selected.has(task.id));

  const toggle = (id: string) => onSelectedChange(toggled(selected, id));

  const save = async () => {
    if (!editing) return;
    if (!editing.name.trim()) return toast.warning(t('studies.tasks.nameRequired'));
    const progress = parseProgress(editing.progress);
    if (progress === null) return toast.warning(t('studies.tasks.invalidProgress'));
    setPending(true);
    try {
      await updateStudyTask(editing.id, {
        study: study.id,
        [language === 'ko' ? 'name_ko' : 'name_en']: editing.name.trim(),
        exam: editing.examId || null,
        progress,
      });
      toast.success(t('studies.tasks.updated'));
      setEditing(null);
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('studies.tasks.updateFailed')));
    } finally {
      setPending(false);
    }
  };

  const cells = {
    name(task: StudyTask) {
      if (editing?.id === task.id)
        return (
          <input
            className={`${form.input} ${dataTable.inlineInput}`}
            value={editing.name}
            aria-label={t('studies.tasks.name')}
            onChange={(event) => setEditing({ ...editing, name: event.target.value })}
          />
        );
      const name = taskName(task, language);
      return task.exam ? (
        <Link
          className={styles.titleLink}
          to={`/take-exam/${encodeURIComponent(task.exam.id)}?returnTo=study-detail&studyId=${encodeURIComponent(study.id)}&examId=${encodeURIComponent(task.exam.id)}`}
          data-testid="task-take-link"
        >
          {name}
        </Link>
      ) : (
        name
      );
    },
    exam(task: StudyTask) {
      if (editing?.id === task.id)
        return (
          <ExamSelect
            value={editing.examId}
            options={examOptions}
            current={task.exam ? { id: task.exam.id, label: examLabel(task) } : null}
            onChange={(examId) => setEditing({ ...editing, examId })}
            label={t('studies.tasks.exam')}
          />
        );
      return examLabel(task) || <span className={screen.muted}>{t('studies.tasks.noExam')}</span>;
    },
    progress(task: StudyTask) {
      if (editing?.id === task.id)
        return (
          <input
            type="number"
            min={0}
            max={100}
            className={`${form.input} ${dataTable.inlineInput}`}
            value={editing.progress}
            aria-label={t('studies.tasks.progress')}
            onChange={(event) => setEditing({ ...editing, progress: event.target.value })}
          />
        );
      return `${task.progress}%`;
    },
    actions(task: StudyTask) {
      const rowEditing = editing?.id === task.id;
      return (
        <div className={dataTable.rowActions}>
          {task.exam && !rowEditing && (
            <Link
              className={`${button.button} ${button.secondary} ${button.small}`}
              to={`/exam-detail/${encodeURIComponent(task.exam.id)}`}
            >
              {t('studies.tasks.details')}
            </Link>
          )}
          {canManage && rowEditing && (
            <>
              <button
                type="button"
                className={`${button.button} ${button.primary} ${button.small}`}
                disabled={pending}
                onClick={() => void save()}
              >
                {t('studies.tasks.save')}
              </button>
              <button
                type="button"
                className={`${button.button} ${button.secondary} ${button.small}`}
                onClick={() => setEditing(null)}
              >
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
                  setEditing({
                    id: task.id,
                    name: taskName(task, language),
                    examId: task.exam?.id ?? '',
                    progress: String(task.progress),
                  });
                  onEditStart();
                }}
              >
                {t('studies.tasks.edit')}
              </button>
              <button
                type="button"
                className={`${button.button} ${button.dangerOutline} ${button.small}`}
                onClick={() => onDelete(task)}
              >
                {t('studies.tasks.delete')}
              </button>
            </>
          )}
        </div>
      );
    },
  };

  const selectColumn: DataTableColumn<StudyTask, Column> = {
    key: 'select',
    label: t('studies.tasks.selectAll'),
    className: dataTable.checkCell,
    head: (
      <input
        type="checkbox"
        className={form.checkbox}
        checked={allSelected}
        disabled={tasks.length === 0}
        onChange={(event) => onSelectedChange(new Set(event.target.checked ? tasks.map((task) => task.id) : []))}
        aria-label={t('studies.tasks.selectAll')}
      />
    ),
    cell: (task) => (
      <input
        type="checkbox"
        className={form.checkbox}
        checked={selected.has(task.id)}
        onChange={() => toggle(task.id)}
        aria-label={t('studies.tasks.select', { name: taskName(task, language) })}
      />
    ),
  };
  const columns: DataTableColumn<StudyTask, Column>[] = [
    ...(canManage ? [selectColumn] : []),
    { key: 'name', label: t('studies.tasks.columns.name'), sortKey: 'name', cell: cells.name },
    { key: 'exam', label: t('studies.tasks.columns.exam'), sortKey: 'exam', cell: cells.exam },
    {
      key: 'progress',
      label: t('studies.tasks.columns.progress'),
      sortKey: 'progress',
      className: dataTable.numeric,
      cell: cells.progress,
    },
    { key: 'actions', label: t('studies.tasks.columns.actions'), hiddenLabel: true, cell: cells.actions },
  ];

  return (
    <DataTable
      columns={columns}
      rows={sorted}
      rowKey={(task) => task.id}
      rowProps={(task) => ({
        className: selected.has(task.id) ? dataTable.selected : undefined,
        'data-testid': 'task-row',
      })}
      empty={t('studies.tasks.empty')}
      cards
      sort={{
        state: sort,
        onSort: (key) => setSort((current) => nextSort(current, key)),
        sortByLabel: (column) => t('studies.list.columns.sortBy', { column }),
      }}
      testId="task-table"
    />
  );
}
