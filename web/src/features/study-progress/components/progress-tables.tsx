import { useTranslation } from 'react-i18next';
import table from '../../../components/ui/data-table/data-table.module.css';
import type { useStudyProgressHistory } from '../api/get-study-progress-history.js';
import type { useStudyTimeStatistics } from '../api/get-study-time-statistics.js';
import styles from './study-progress.module.css';

type TimeStatistics = NonNullable<ReturnType<typeof useStudyTimeStatistics>['data']>;
type ProgressHistory = NonNullable<ReturnType<typeof useStudyProgressHistory>['data']>;

/** Study time per task, under the period's total. `duration` writes minutes as hours and minutes. */
export function TaskTimesPanel({ data, duration }: { data: TimeStatistics; duration(minutes: number): string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.panel}>
      <h2 className={styles.panelTitle}>{t('studyProgress.taskTimes')}</h2>
      <p data-testid="total-study-time">
        {t('studyProgress.totalTime', { time: duration(data.total_study_time_minutes) })}
      </p>
      {data.task_study_times.length === 0 ? (
        <p data-testid="task-time-empty">{t('studyProgress.noTasks')}</p>
      ) : (
        <div className={table.wrap}>
          <table className={table.table} data-testid="task-time-table">
            <thead>
              <tr>
                <th>{t('studyProgress.columns.task')}</th>
                <th>{t('studyProgress.columns.exam')}</th>
                <th>{t('studyProgress.columns.time')}</th>
              </tr>
            </thead>
            <tbody>
              {data.task_study_times.map((task) => (
                <tr key={task.task_id}>
                  <td>{task.task_name}</td>
                  <td>{task.exam_title ?? '-'}</td>
                  <td>{duration(task.study_time_minutes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Study time per day, newest first, only the days with time. */
export function DailyTimesPanel({
  days,
  duration,
}: {
  days: TimeStatistics['daily_study_times'];
  duration(minutes: number): string;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.panel}>
      <h2 className={styles.panelTitle}>{t('studyProgress.dailyTimes')}</h2>
      {days.length === 0 ? (
        <p data-testid="daily-time-empty">{t('studyProgress.noDailyTime')}</p>
      ) : (
        <div className={table.wrap}>
          <table className={table.table} data-testid="daily-time-table">
            <thead>
              <tr>
                <th>{t('studyProgress.columns.date')}</th>
                <th>{t('studyProgress.columns.time')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <td>{day.date}</td>
                  <td>{duration(day.study_time_minutes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
      <div className={table.wrap}>
        <table className={table.table} data-testid="history-table">
          <thead>
            <tr>
              <th>{t('studyProgress.columns.date')}</th>
              <th>{t('studyProgress.columns.accessCount')}</th>
              <th>{t('studyProgress.columns.highestProgress')}</th>
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
      </div>
    </section>
  );
}
