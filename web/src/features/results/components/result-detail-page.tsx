import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { ExamResult } from '#shared/contracts/results.js';
import { examDisplayTitle } from '#shared/domain/exam-title.js';
import button from '../../../components/ui/button/button.module.css';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { LoadMore } from '../../../components/ui/load-more/load-more.js';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { SignedInOnly } from '../../../lib/auth/signed-in-only.js';
import { formatCompletedAt } from '../../../lib/format-time.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { AnsweredQuestions, RetryWrongButton, SummaryStats, useExam } from '../../take-exam/index.js';
import { useExamResult } from '../api/get-exam-result.js';
import { useResultDetails } from '../hooks/use-result-details.js';
import { redoPath } from '../utils/results-pagination.js';
import { defaultReviewMode, resultReview, shownEntries, type ReviewMode } from '../utils/result-review.js';
import styles from './results.module.css';

const REVIEW_TEST_IDS = {
  list: 'result-review',
  entry: 'result-review-entry',
  text: 'result-review-text',
  yourAnswer: 'result-review-your-answer',
  correctAnswer: 'result-review-correct-answer',
};

/** /results/{id}: one result, its score and the mistakes to review (reached from Results and the home). */
export function ResultDetailPage() {
  const { resultId = '' } = useParams();
  return <SignedInOnly>{() => <ResultDetail key={resultId} resultId={resultId} />}</SignedInOnly>;
}

function ResultDetail({ resultId }: { resultId: string }) {
  const { t } = useTranslation();
  const result = useExamResult(resultId);

  let body;
  if (result.error) {
    const missing = result.error instanceof ApiError && (result.error.status === 404 || result.error.status === 403);
    body = (
      <div
        className={`${screen.state} ${screen.statePanel} ${styles.state}`}
        role="alert"
        data-testid="result-detail-error"
      >
        <p>{missing ? t('results.detail.notFound') : t('results.detail.loadFailed')}</p>
        {!missing && (
          <button type="button" className={`${button.button} ${button.secondary}`} onClick={() => void result.reload()}>
            {t('results.errors.retry')}
          </button>
        )}
      </div>
    );
  } else if (!result.data) {
    body = <Spinner label={t('results.loading')} />;
  } else {
    body = <Mistakes result={result.data} reload={() => void result.reload()} />;
  }

  return (
    <div className={screen.page} data-testid="result-detail-page">
      <div className={page.container}>{body}</div>
    </div>
  );
}

function Mistakes({ result, reload }: { result: ExamResult; reload: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const language = currentLanguage();
  // The exam gives the correct answers and explanations while the caller may still read it.
  const exam = useExam(result.exam.id);
  // The details come a page at a time (D197); the counts are the result's own totals.
  const pages = useResultDetails(result);
  const entries = useMemo(
    () => resultReview({ details: pages.details }, exam.data?.questions ?? [], language),
    [pages.details, exam.data, language],
  );
  const mistakes = result.wrong_count;
  useEffect(() => {
    if (!pages.error) return;
    // Continued in another tab since: the pages of the new revision start again from the result.
    if (pages.error instanceof ApiError && pages.error.code === 'result_details_changed') {
      toast.info(t('results.review.changed'));
      reload();
    } else toast.error(serverDetailOr(pages.error, t, t('results.review.moreFailed')));
  }, [pages.error, reload, t, toast]);
  const [chosen, setMode] = useState<ReviewMode | null>(null);
  const mode = chosen ?? defaultReviewMode(entries);
  const shown = shownEntries(entries, mode);

  return (
    <>
      <ScreenHeader
        title={examDisplayTitle(result.exam, language, t('results.untitled'))}
        subtitle={t('results.completedAt', { date: formatCompletedAt(result.completed_at, language) })}
        actions={
          <>
            <Link to="/results" className={`${button.button} ${button.secondary}`} data-testid="result-detail-back">
              {t('results.detail.back')}
            </Link>
            <Link to={redoPath(result.exam.id)} className={`${button.button} ${button.secondary}`}>
              {t('results.actions.redo')}
            </Link>
          </>
        }
      />
      <SummaryStats
        score={result.score}
        total={result.total_score}
        answered={result.answered_count}
        elapsedSeconds={result.elapsed_seconds}
      />
      <section aria-labelledby="result-mistakes-title" className={styles.mistakes}>
        <div className={screen.toolbar}>
          <h2 id="result-mistakes-title" className={screen.listTitle}>
            {t('results.review.title')}
          </h2>
          <div className={styles.reviewActions} role="group" aria-label={t('results.review.modes')}>
            {(['mistakes', 'all'] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={mode === value}
                className={`${button.button} ${button.small} ${mode === value ? button.primary : button.secondary}`}
                onClick={() => setMode(value)}
                data-testid={`result-review-${value}`}
              >
                {t(`results.review.${value}`, { count: value === 'all' ? result.answered_count : mistakes })}
              </button>
            ))}
            {mistakes > 0 && <RetryWrongButton examId={result.exam.id} />}
          </div>
        </div>
        {/* The right answers come with the exam: the list waits for it (read or refused), so no answer reads as unavailable meanwhile. */}
        {exam.isLoading ? (
          <Spinner label={t('results.loading')} />
        ) : shown.length === 0 && !pages.hasMore ? (
          <p className={`${screen.state} ${screen.statePanel} ${styles.state}`} data-testid="result-no-mistakes">
            {t(entries.length === 0 ? 'results.review.noDetails' : 'results.detail.noMistakes')}
          </p>
        ) : (
          <AnsweredQuestions entries={shown} testIds={REVIEW_TEST_IDS} />
        )}
        {!exam.isLoading && (
          <LoadMore
            hasMore={pages.hasMore}
            loading={pages.loading}
            onLoadMore={pages.loadMore}
            label={t('results.review.more')}
            loadingLabel={t('results.review.loadingMore')}
            testId="result-details-more"
          />
        )}
      </section>
    </>
  );
}
