import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';
import page from '../../../components/ui/page/page.module.css';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { ApiError } from '../../../lib/api-client.js';
import { safeReturnPath } from '../../../lib/auth/safe-return-path.js';
import { SignedInOnly } from '../../../lib/auth/signed-in-only.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { useExam } from '../api/get-exam.js';
import { useResultWithDetails } from '../api/get-result-with-details.js';
import { sessionSummary, summaryFromState, type SessionSummary } from '../utils/session-summary.js';
import { OFFLINE_RESULT_PREFIX } from '../utils/offline-sitting.js';
import { OfflineSyncStatus } from './offline-sync-status.js';
import { SittingSummary } from './sitting-summary.js';

/**
 * /exam-summary/{resultId}?back=&retry=: where every sitting ends. End (or the last question's
 * Finish) lands here with the summary in the navigation state; a reload reads the result again.
 */
export function SessionSummaryPage() {
  const { resultId = '' } = useParams();
  return (
    <SignedInOnly>
      {(user) => <SummaryScreen key={resultId} resultId={resultId} userId={String(user.id ?? user.username)} />}
    </SignedInOnly>
  );
}

function SummaryScreen({ resultId, userId }: { resultId: string; userId: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [search] = useSearchParams();
  const fromState = summaryFromState(location.state);
  // A sitting taken offline has no result on the server yet: its summary is only the one End made.
  const result = useResultWithDetails(fromState || resultId.startsWith(OFFLINE_RESULT_PREFIX) ? null : resultId);
  const exam = useExam(fromState ? null : (result.data?.exam.id ?? null));
  const language = currentLanguage();
  // Shown once the exam's questions have answered too (or failed): they fill each miss's question and
  // answer, and arriving after the summary they grew every entry on screen (D254).
  const examSettled = exam.data !== undefined || exam.error !== undefined;
  const loaded = useMemo<SessionSummary | null>(
    () => (result.data && examSettled ? sessionSummary(result.data, exam.data?.questions ?? [], language) : null),
    [result.data, examSettled, exam.data, language],
  );
  const summary = fromState ?? loaded;
  const back = safeReturnPath(search.get('back')) ?? '/exam-management';
  const retryRaw = safeReturnPath(search.get('retry'));
  const retry = retryRaw?.startsWith('/take-exam/') ? retryRaw : null;

  let body;
  if (!summary && resultId.startsWith(OFFLINE_RESULT_PREFIX)) {
    body = (
      <p role="alert" data-testid="summary-error">
        {t('takeExam.summary.notFound')}
      </p>
    );
  } else if (!summary && result.error) {
    const missing =
      result.error instanceof ApiError && (result.error.code === 'result_not_found' || result.error.status === 404);
    body = (
      <p role="alert" data-testid="summary-error">
        {missing ? t('takeExam.summary.notFound') : t('takeExam.summary.loadFailed')}
      </p>
    );
  } else if (!summary) {
    body = <Spinner label={t('takeExam.summary.loading')} />;
  } else {
    const missed = summary.entries.some((entry) => !entry.correct);
    body = (
      <>
        {summary.waitingSync && <OfflineSyncStatus userId={userId} submissionId={summary.waitingSync} />}
        <SittingSummary
          score={summary.score}
          total={summary.total}
          answered={summary.answered}
          elapsedSeconds={summary.elapsedSeconds}
          entries={summary.entries}
          actions={
            <>
              {missed && retry && (
                <Link to={retry} className={`${button.button} ${button.primary}`} data-testid="retry-missed">
                  {t('takeExam.summary.retryMissed')}
                </Link>
              )}
              <Link to={back} className={`${button.button} ${button.secondary}`} data-testid="summary-back">
                {t('takeExam.summary.back')}
              </Link>
              {!summary.waitingSync && (
                <Link
                  to={`/results/${encodeURIComponent(summary.resultId)}`}
                  className={`${button.button} ${button.ghost}`}
                  data-testid="summary-view-result"
                >
                  {t('takeExam.summary.viewResult')}
                </Link>
              )}
            </>
          }
        />
      </>
    );
  }
  return (
    <div className={screen.page} data-testid="session-summary-page">
      <div className={page.container}>{body}</div>
    </div>
  );
}
