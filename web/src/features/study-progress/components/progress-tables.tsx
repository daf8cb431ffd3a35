import { useTranslation } from 'react-i18next';
import table from '../../../components/ui/data-table/data-table.module.css';
import type { useStudyProgressHistory } from '../api/get-study-progress-history.js';
import type { DayRow, TaskRow } from '../utils/dashboard-view.js';
import { ScrollFrame } from './scroll-frame.js';
import styles from './study-progress.module.css';

type ProgressHistory = NonNullable<ReturnType<typeof useStudyProgressHistory>['data']>;

/** Writes seconds as the dashboard shows time (hours and minutes, or "under a minute"). */
export type Duration = (seconds: number) => string;

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

/**
 * Each task in the period: its time, answers, correct ones and accuracy, under the period's total time, and its
 * progress over all time. Cells keep to one line (`noWrap`): on a phone the frame scrolls sideways rather than
 * breaking a Korean word letter by letter.
 */
export function TaskTimesPanel({
  tasks,
  totalSeconds,
  duration,
}: {
  tasks: TaskRow[];
  totalSeconds: number;
  duration: Duration;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.panel}>
      <h2 className={styles.panelTitle}>{t('studyProgress.taskTimes')}</h2>
      <p data-testid="total-study-time">{t('studyProgress.totalTime', { time: duration(totalSeconds) })}</p>
      {tasks.length === 0 ? (
        <p data-testid="task-time-empty">{t('studyProgress.noTasks')}</p>
      ) : (
        <ScrollFrame label={t('studyProgress.taskTimes')}>
          <table className={`${table.table} ${table.noWrap}`} data-testid="task-time-table">
            <thead>
              <tr>
                <th scope="col">{t('studyProgress.columns.task')}</th>
                <th scope="col">{t('studyProgress.columns.exam')}</th>
                <th scope="col">{t('studyProgress.columns.time')}</th>
                <th scope="col">{t('studyProgress.columns.answered')}</th>
                <th scope="col">{t('studyProgress.columns.correct')}</th>
                <th scope="col">{t('studyProgress.columns.accuracy')}</th>
                <th scope="col">{t('studyProgress.columns.progress')}</th>
              </tr>
            </thead>
            <tbody>
              {tasks.map((task) => (
                <tr key={task.id} data-testid="task-row" data-studied={task.studied}>
                  <td>{task.name}</td>
                  <td>{task.examTitle ?? '-'}</td>
                  <td>{duration(task.seconds)}</td>
                  <td data-testid="task-answered">{task.answered}</td>
                  <td data-testid="task-correct">{task.correct}</td>
                  <td data-testid="task-accuracy">{percent(task.accuracy)}</td>
                  <td data-testid="task-progress">{t('studyProgress.progressValue', task.progress)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollFrame>
      )}
    </section>
  );
}

/** The period's days with time or answers, newest first. */
export function DailyTimesPanel({ days, duration }: { days: DayRow[]; duration: Duration }) {
  const { t } = useTranslation();
  return (
    <section className={styles.panel}>
      <h2 className={styles.panelTitle}>{t('studyProgress.dailyTimes')}</h2>
      {days.length === 0 ? (
        <p data-testid="daily-time-empty">{t('studyProgress.noDailyTime')}</p>
      ) : (
        <ScrollFrame label={t('studyProgress.dailyTimes')}>
          <table className={`${table.table} ${table.noWrap}`} data-testid="daily-time-table">
            <thead>
              <tr>
                <th scope="col">{t('studyProgress.columns.date')}</th>
                <th scope="col">{t('studyProgress.columns.time')}</th>
                <th scope="col">{t('studyProgress.columns.answered')}</th>
                <th scope="col">{t('studyProgress.columns.correct')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <td>{day.date}</td>
                  <td>{duration(day.seconds)}</td>
                  <td data-testid="day-answered">{day.answered}</td>
                  <td data-testid="day-correct">{day.correct}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollFrame>
      )}
    </section>
  );
}

/** The days with a record: visits and the highest progress reached. */
export function HistoryPanel({ rows }: { rows: ProgressHistory['summary_table'] }) {
  const { t } = useTranslation();
  return (
    <section className={styles.panel}>
      <h2 className={styles.panelTitle}>{t('studyProgress.history')}</h2>
      <p className={styles.note}>{t('studyProgress.historyNote')}</p>
      <ScrollFrame label={t('studyProgress.history')}>
        <table className={`${table.table} ${table.noWrap}`} data-testid="history-table">
          <thead>
            <tr>
              <th scope="col">{t('studyProgress.columns.date')}</th>
              <th scope="col">{t('studyProgress.columns.accessCount')}</th>
              <th scope="col">{t('studyProgress.columns.highestProgress')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.date}>
                <td>{row.date}</td>
                <td>{row.access_count}</td>
                <td>{row.highest_progress === null ? '-' : `${row.highest_progress.toFixed(2)}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollFrame>
    </section>
  );
}
