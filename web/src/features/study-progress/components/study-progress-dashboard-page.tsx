import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { DEFAULT_PROGRESS_PERIOD, PROGRESS_PERIODS, hoursAndMinutes } from '#shared/domain/study-progress.js';
import button from '../../../components/ui/button/button.module.css';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { SignedInOnly } from '../../../lib/auth/signed-in-only.js';
import { useStudyProgressHistory } from '../api/get-study-progress-history.js';
import { useStudyTimeStatistics } from '../api/get-study-time-statistics.js';
import { useRecordStudyProgress } from '../hooks/use-record-study-progress.js';
import { AccuracyChart, OverallChart, type AccuracyBar } from './progress-charts.js';
import { DailyTimesPanel, HistoryPanel, TaskTimesPanel } from './progress-tables.js';
import styles from './study-progress.module.css';

/** /study-progress-dashboard/{studyId} (docs/product.md#study-progress): the caller's progress and study time in one study. */
export function StudyProgressDashboardPage() {
  const { studyId = '' } = useParams();
  return <SignedInOnly>{() => <Dashboard key={studyId} studyId={studyId} />}</SignedInOnly>;
}

function Dashboard({ studyId }: { studyId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [params] = useSearchParams();
  const [days, setDays] = useState<number | null>(DEFAULT_PROGRESS_PERIOD);
  const stats = useStudyTimeStatistics(studyId, days);
  const history = useStudyProgressHistory(studyId, days);
  useRecordStudyProgress({ studyId, pageType: 'dashboard' });

  // docs/product.md#errors: a study that cannot be loaded raises an alert; other failures are silent.
  const statsError = stats.error;
  useEffect(() => {
    if (statsError && (statsError.status === 404 || statsError.status === 403))
      toast.error(t('studyProgress.loadStudyFailed'));
  }, [statsError, toast, t]);

  const backTo = params.get('returnTo') === 'study-detail' ? `/study-detail/${studyId}` : '/study-management';
  const duration = (minutes: number) => t('studyProgress.duration', hoursAndMinutes(minutes));
  const refresh = () => void Promise.all([stats.reload(), history.reload()]);

  const progressPoints = useMemo(
    () =>
      (history.data?.time_series_data ?? []).map((p) => ({
        date: p.date.slice(5),
        attempted: p.attempted_progress,
        correct: p.correct_progress,
      })),
    [history.data],
  );
  const accuracyBars = useMemo(
    () =>
      (stats.data?.task_progress ?? []).map((task) => ({
        name: task.task_name,
        accuracy: task.accuracy_percentage,
        examId: task.exam_id,
      })),
    [stats.data],
  );
  const openTask = (bar: AccuracyBar) => {
    if (bar.examId)
      window.location.assign(`/take-exam/${bar.examId}?returnTo=study-progress-dashboard&studyId=${studyId}`);
    else window.alert(t('studyProgress.noExam'));
  };

  const data = stats.data;
  const hasData =
    !!data &&
    (data.summary.has_study_time ||
      (history.data?.summary_table.length ?? 0) > 0 ||
      data.task_progress.some((task) => task.total_attempts > 0));
  // Newest first, and only the days with time: a year of empty days says nothing.
  const studiedDays = (data?.daily_study_times ?? []).filter((day) => day.study_time_minutes > 0).reverse();
  const periodLabel = (value: number | null) => t(`studyProgress.periods.${value ? `d${value}` : 'all'}`);

  return (
    <div className={screen.page} data-testid="study-progress-dashboard">
      <div className={page.container}>
        <ScreenHeader
          title={t('studyProgress.title')}
          subtitle={t('studyProgress.subtitle')}
          actions={
            <>
              <Link to={backTo} className={`${button.button} ${button.secondary}`} data-testid="dashboard-back">
                {t('studyProgress.back')}
              </Link>
              <button
                type="button"
                className={`${button.button} ${button.primary}`}
                onClick={refresh}
                data-testid="dashboard-refresh"
              >
                {t('studyProgress.refresh')}
              </button>
            </>
          }
        />
        <div className={styles.toolbar} role="group" aria-label={t('studyProgress.period')}>
          <div className={styles.periods}>
            {[...PROGRESS_PERIODS, null].map((value) => (
              <button
                key={value ?? 'all'}
                type="button"
                aria-pressed={days === value}
                className={`${button.button} ${button.small} ${days === value ? `${button.primary} ${styles.active}` : button.secondary}`}
                onClick={() => setDays(value)}
                data-testid={`period-${value ?? 'all'}`}
              >
                {periodLabel(value)}
              </button>
            ))}
          </div>
        </div>

        {(stats.isLoading || history.isLoading) && <Spinner label={t('studyProgress.loading')} />}
        {data && !hasData && (
          <p className={styles.notice} data-testid="dashboard-no-data">
            {t('studyProgress.noData')}
          </p>
        )}
        {data && (
          <>
            <div className={styles.cards}>
              <SummaryCard label={t('studyProgress.summary.totalTasks')} value={String(data.summary.total_tasks)} />
              <SummaryCard label={t('studyProgress.summary.activeTasks')} value={String(data.summary.active_tasks)} />
              <SummaryCard
                label={t('studyProgress.summary.inactiveTasks')}
                value={String(data.summary.inactive_tasks)}
              />
              <SummaryCard
                label={t('studyProgress.summary.hasStudyTime')}
                value={data.summary.has_study_time ? t('studyProgress.yes') : t('studyProgress.no')}
              />
            </div>

            <OverallChart points={progressPoints} />
            <AccuracyChart bars={accuracyBars} onOpen={openTask} />
            <TaskTimesPanel data={data} duration={duration} />
            <DailyTimesPanel days={studiedDays} duration={duration} />
          </>
        )}
        {history.data && <HistoryPanel rows={history.data.summary_table} />}
      </div>
    </div>
  );
}

function SummaryCard({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.card}>
      <div className={styles.cardLabel}>{label}</div>
      <div className={styles.cardValue}>{value}</div>
    </div>
  );
}
