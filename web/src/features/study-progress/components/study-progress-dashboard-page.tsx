import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { DEFAULT_PROGRESS_PERIOD, PROGRESS_PERIODS } from '#shared/domain/study-progress.js';
import button from '../../../components/ui/button/button.module.css';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { SignedInOnly } from '../../../lib/auth/signed-in-only.js';
import { formatCompletedAt } from '../../../lib/format-time.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { useStudyProgressHistory } from '../api/get-study-progress-history.js';
import { useStudyTimeStatistics } from '../api/get-study-time-statistics.js';
import { useRecordStudyProgress } from '../hooks/use-record-study-progress.js';
import { dashboardView, durationParts, type TaskRow } from '../utils/dashboard-view.js';
import { MembersProgressPanel } from './members-progress-panel.js';
import { AccuracyChart, DailyChart } from './progress-charts.js';
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
  const duration = (seconds: number) => {
    const parts = durationParts(seconds);
    return parts.kind === 'time'
      ? t('studyProgress.duration', parts)
      : t(`studyProgress.${parts.kind === 'none' ? 'noTime' : 'underMinute'}`);
  };
  const refresh = () => void Promise.all([stats.reload(), history.reload()]);

  const view = useMemo(() => (stats.data ? dashboardView(stats.data) : null), [stats.data]);
  const openTask = (task: TaskRow) => {
    if (task.examId)
      window.location.assign(`/take-exam/${task.examId}?returnTo=study-progress-dashboard&studyId=${studyId}`);
    else window.alert(t('studyProgress.noExam'));
  };

  const data = stats.data;
  // The panels show once both reads have answered: the history arriving second would otherwise push
  // the cards and charts up as its spinner goes (D254).
  const loading = stats.isLoading || history.isLoading;
  const hasData =
    !!view && (view.cards.seconds > 0 || view.cards.answered > 0 || (history.data?.summary_table.length ?? 0) > 0);
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

        {loading && <Spinner label={t('studyProgress.loading')} />}
        {data && !loading && !hasData && (
          <p className={styles.notice} data-testid="dashboard-no-data">
            {t('studyProgress.noData')}
          </p>
        )}
        {data && view && !loading && (
          <>
            <div className={styles.cards} data-testid="progress-cards">
              <SummaryCard
                id="progress"
                label={t('studyProgress.summary.progress')}
                value={t('studyProgress.progressValue', view.cards.progress)}
              />
              <SummaryCard
                id="tasks"
                label={t('studyProgress.summary.studiedTasks')}
                value={t('studyProgress.summary.ofTasks', {
                  studied: view.cards.studiedTasks,
                  total: view.cards.totalTasks,
                })}
              />
              <SummaryCard
                id="answered"
                label={t('studyProgress.summary.answeredInPeriod')}
                value={String(view.cards.answered)}
              />
              <SummaryCard id="correct" label={t('studyProgress.summary.correct')} value={String(view.cards.correct)} />
              <SummaryCard
                id="accuracy"
                label={t('studyProgress.summary.accuracy')}
                value={view.cards.accuracy === null ? '—' : `${view.cards.accuracy}%`}
              />
              <SummaryCard
                id="time"
                label={t('studyProgress.summary.studyTime')}
                value={duration(view.cards.seconds)}
              />
            </div>

            <DailyChart days={view.days} />
            <AccuracyChart tasks={view.tasks} onOpen={openTask} />
            <TaskTimesPanel tasks={view.tasks} totalSeconds={view.cards.seconds} duration={duration} />
            <DailyTimesPanel days={view.activeDays} duration={duration} />
            {data.can_view_members && (
              <MembersProgressPanel
                studyId={studyId}
                days={days}
                duration={duration}
                formatTime={(iso) => formatCompletedAt(iso, currentLanguage())}
              />
            )}
          </>
        )}
        {history.data && !loading && <HistoryPanel rows={history.data.summary_table} />}
      </div>
    </div>
  );
}

function SummaryCard({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className={styles.card} data-testid={`card-${id}`}>
      <div className={styles.cardLabel}>{label}</div>
      <div className={styles.cardValue} data-testid="card-value">
        {value}
      </div>
    </div>
  );
}
