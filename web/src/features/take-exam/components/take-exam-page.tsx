import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { selectQuestions } from '#shared/domain/question-order.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { ApiError } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { useExam } from '../api/get-exam.js';
import { useQuestionStatistics } from '../api/get-question-statistics.js';
import { useLoadingNotice } from '../hooks/use-loading-notice.js';
import { useOfflineExam } from '../hooks/use-offline-exam.js';
import { useSingleQuestion } from '../hooks/use-single-question.js';
import { useTakeExamParams } from '../hooks/use-take-exam-params.js';
import { ExamRunner } from './exam-runner.js';
import screen from '../../../components/ui/screen/screen.module.css';
import styles from './take-exam.module.css';

/**
 * The take-exam screen, /take-exam/{examId} and /take-exam?exam_id= (docs/product.md#take-exam). Anonymous
 * visitors read the questions; recording anything asks them to log in.
 */
export function TakeExamPage() {
  const { t } = useTranslation();
  const params = useTakeExamParams();
  const { isAuthenticated, user } = useAuth();
  const single = useSingleQuestion(params, isAuthenticated);
  const waiting = single.kind === 'creating' || single.kind === 'missing-exam';
  const exam = useExam(waiting ? null : params.examId);
  // Downloaded for offline (D437): taken from the store when the server cannot be reached.
  const offline = useOfflineExam(
    isAuthenticated && user ? String(user.id ?? user.username) : null,
    waiting ? null : params.examId,
  );
  const unreachable = exam.error instanceof ApiError && exam.error.status === 0;
  // The exam's arrival renders the whole runner; deferred, React renders it in 5 ms slices (the
  // spinner stays meanwhile) instead of one long task that blocks input (Lighthouse TBT, D98).
  const examData = useDeferredValue(exam.data ?? (unreachable ? offline.stored?.exam : undefined));
  // A signed-in user's first question depends on their statistics: wait for them (3 s at most).
  const stats = useQuestionStatistics(waiting || params.order.length > 0 ? null : params.examId, isAuthenticated);
  const statsPending = isAuthenticated && params.order.length === 0 && !stats.data && !stats.error;
  const statsLate = useLoadingNotice(statsPending, 3000);
  const loading =
    (single.kind === 'creating' ||
      (!!params.examId &&
        ((!examData && (!exam.error || (unreachable && offline.stored === undefined))) ||
          (!!examData && statsPending && !statsLate)))) &&
    single.kind !== 'missing-exam';
  const slow = useLoadingNotice(loading);

  const onlyQuestion = single.kind === 'view' ? single.questionId : null;
  const questions = useMemo(() => {
    const selected = selectQuestions(examData?.questions ?? [], params.selected);
    return onlyQuestion ? selected.filter((question) => question.id === onlyQuestion) : selected;
  }, [examData, params.selected, onlyQuestion]);

  let body;
  if (single.kind === 'missing-exam') {
    body = <Problem text={t('takeExam.singleQuestion.needsExamId')} />;
  } else if (!params.examId) {
    body = <Problem text={t('takeExam.noExamId')} />;
  } else if (loading) {
    body = (
      <div className={styles.state}>
        <Spinner label={t('takeExam.loading')} />
        {slow && (
          <p className={screen.notice} role="status" data-testid="translation-notice">
            {t('takeExam.translationNotice')}
          </p>
        )}
      </div>
    );
  } else if (!examData) {
    const missing = exam.error instanceof ApiError && (exam.error.status === 404 || exam.error.status === 403);
    body = (
      <Problem
        text={missing ? t('takeExam.notFound') : t('takeExam.loadFailed')}
        onRetry={missing ? undefined : () => void exam.reload()}
      />
    );
  } else if (questions.length === 0) {
    body = (
      <Problem text={single.kind === 'view' ? t('takeExam.singleQuestion.notFound') : t('takeExam.noQuestions')} />
    );
  } else {
    body = (
      <ExamRunner
        key={examData.id}
        exam={examData}
        questions={questions}
        params={params}
        signedIn={isAuthenticated}
        singleQuestion={single.kind === 'view' || questions.length === 1}
        offline={offline.db && offline.stored ? offline.db : null}
      />
    );
  }

  return (
    <div className={styles.page} data-testid="take-exam-page">
      {body}
    </div>
  );
}

function Problem({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.shell}>
      <div className={styles.state}>
        <p className={form.alert} role="alert" data-testid="take-exam-error">
          {text}
        </p>
        <div className={form.actions}>
          {onRetry && (
            <button type="button" className={`${button.button} ${button.secondary}`} onClick={onRetry}>
              {t('takeExam.retry')}
            </button>
          )}
          <Link to="/exam-management" className={`${button.button} ${button.secondary}`}>
            {t('takeExam.toExamManagement')}
          </Link>
        </div>
      </div>
    </div>
  );
}
