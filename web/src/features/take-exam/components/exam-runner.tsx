import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Exam, ExamQuestion } from '#shared/contracts/exams.js';
import { isAnswerCorrect, yesNoValue } from '#shared/domain/answer-check.js';
import { examDisplayTitle } from '#shared/domain/exam-title.js';
import { isLanguage, type Language } from '#shared/domain/language.js';
import { orderQuestions, resortRemaining, type QuestionStat } from '#shared/domain/question-order.js';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { VoiceModePanel } from '../../voice-mode/index.js';
import { getExamResult } from '../api/get-exam-result.js';
import { useQuestionStatistics } from '../api/get-question-statistics.js';
import { useAccuracyAdjust } from '../hooks/use-accuracy-adjust.js';
import { useExamSave } from '../hooks/use-exam-save.js';
import { useExamSession } from '../hooks/use-exam-session.js';
import { useFullscreen } from '../hooks/use-fullscreen.js';
import { useQuestionEditor } from '../hooks/use-question-editor.js';
import { useQuestionFlags } from '../hooks/use-question-flags.js';
import { useRequireLogin } from '../hooks/use-require-login.js';
import { useSessionSync } from '../hooks/use-session-sync.js';
import { useShareLink } from '../hooks/use-share-link.js';
import type { TakeExamParams } from '../hooks/use-take-exam-params.js';
import { addFormValues, editFormValues } from '../utils/question-form.js';
import { nextCsvId, questionView, showsTranslationNotice } from '../utils/question-view.js';
import { returnAddress } from '../utils/return-address.js';
import { sessionSummary, summaryState } from '../utils/session-summary.js';
import { canGoNext, isBlank } from '../utils/session-record.js';
import { AccuracyPanel } from './accuracy-panel.js';
import { ConnectedStudiesBar } from './connected-studies-bar.js';
import { ExamHeader } from './exam-header.js';
import { ExamToolbar } from './exam-toolbar.js';
import { NavigationBar } from './navigation-bar.js';
import { QuestionCard } from './question-card.js';
import { QuestionFormModal } from './question-form-modal.js';
import { QuestionListModal, type ListEntry } from './question-list-modal.js';
import { ShortcutsHelp } from './shortcuts-help.js';
import { UntranslatedNotice } from './untranslated-notice.js';
import styles from './take-exam.module.css';

interface ExamRunnerProps {
  exam: Exam;
  questions: ExamQuestion[];
  params: TakeExamParams;
  signedIn: boolean;
  singleQuestion: boolean;
}

/** The exam in progress: composes the header, tools, question card, accuracy and navigation. */
export function ExamRunner({ exam, questions, params, signedIn, singleQuestion }: ExamRunnerProps) {
  const { t, i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'ko';
  const toast = useToast();
  const navigate = useNavigate();
  const requireLogin = useRequireLogin(signedIn);
  const shell = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(shell);
  const share = useShareLink();
  const [listOpen, setListOpen] = useState(false);
  const [restartOpen, setRestartOpen] = useState(false);

  const scope = params.questionId ? `q:${params.questionId}` : params.selected.length > 0 ? `selected:${params.selected.join(',')}` : undefined;
  // Statistics (signed-in): the question order, and the accuracy panel.
  const stats = useQuestionStatistics(exam.id, signedIn);
  const statsById = useMemo(() => new Map<string, QuestionStat>((stats.data ?? []).map((stat) => [stat.question_id, stat])), [stats.data]);
  const { record, dispatch, forget } = useExamSession({
    examId: exam.id,
    questions,
    order: params.order,
    stats: stats.data ? statsById : undefined,
    restart: params.restart,
    filters: params.filters,
    scope,
  });
  const { save, saving } = useExamSave(exam.id, record, dispatch);
  const byId = useMemo(() => new Map(questions.map((question) => [question.id, question])), [questions]);
  const total = record.questionOrder.length;
  const index = record.currentQuestionIndex;
  const currentQuestion = byId.get(record.questionOrder[index] ?? '') ?? null;
  const view = currentQuestion ? questionView(currentQuestion, language) : null;
  const isLast = index >= total - 1;
  const canEdit = signedIn && !!exam.user_permissions?.can_edit;
  const flags = useQuestionFlags(exam.id, currentQuestion?.id ?? null, signedIn);

  const jumpTo = useSessionSync({ record, dispatch, questions, params, stats: stats.data ? statsById : undefined, requireLogin });
  const accuracy = useAccuracyAdjust(exam.id);

  const editor = useQuestionEditor({
    examId: exam.id,
    initialMode: params.addMode && canEdit ? 'add' : null,
    onAdded: jumpTo,
    onDeleted: (questionId) => dispatch({ type: 'removeQuestion', questionId }),
  });

  const goTo = useCallback((target: number) => dispatch({ type: 'goTo', index: target, now: Date.now() }), [dispatch]);

  const answer = currentQuestion ? (record.answers[currentQuestion.id] ?? '') : '';
  const solved = currentQuestion ? record.solvedStatus[currentQuestion.id] : undefined;

  const next = () => {
    if (!currentQuestion || !view) return;
    if (signedIn) {
      const id = currentQuestion.id;
      const isYesNoQuestion = yesNoValue(view.answer) !== null;
      if (exam.force_answer && !record.answeredQuestions.includes(id)) {
        toast.warning(t('takeExam.toasts.enterAnswer'));
        return;
      }
      if (!canGoNext({ answer, solved, isYesNoQuestion, answerIsYesNo: yesNoValue(answer) !== null })) {
        toast.warning(t(isYesNoQuestion && !isBlank(answer) ? 'takeExam.toasts.answerYesNo' : 'takeExam.toasts.enterAnswer'));
        return;
      }
      dispatch({ type: 'commit', questionId: id });
      if (isLast) {
        dispatch({ type: 'complete' });
        toast.info(t('takeExam.toasts.completed'));
        return;
      }
    } else if (isLast) {
      return;
    }
    goTo(index + 1);
  };

  const selfGrade = (pass: boolean) => {
    if (!currentQuestion || !view || !requireLogin()) return false;
    dispatch({ type: 'selfGrade', questionId: currentQuestion.id, pass, correctAnswer: view.answer });
    return true;
  };

  const submitAnswer = () => {
    if (!currentQuestion || !requireLogin()) return false;
    if (isBlank(answer)) {
      toast.warning(t('takeExam.toasts.enterAnswer'));
      return false;
    }
    dispatch({ type: 'commit', questionId: currentQuestion.id });
    return true;
  };

  const onSave = async () => {
    if (!requireLogin()) return;
    try {
      const outcome = await save();
      dispatch({ type: 'complete' });
      toast.success(t(outcome.kind === 'saved' ? 'takeExam.toasts.saved' : 'takeExam.toasts.nothingToSave'));
    } catch {
      toast.error(t('takeExam.toasts.saveFailed'));
    }
  };

  const onEnd = async () => {
    const target = returnAddress({ search: params.search, examId: exam.id, examTitles: [exam.title, exam.title_ko, exam.title_en] });
    if (!signedIn) {
      navigate(target);
      return;
    }
    try {
      const outcome = await save();
      // Nothing new to send: the summary is of the result saved earlier in this session, if any.
      const result = outcome.result ?? (record.previousResultId ? await getExamResult(record.previousResultId).catch(() => null) : null);
      dispatch({ type: 'complete' });
      forget();
      navigate(target, { state: result ? summaryState(sessionSummary(result, questions, language)) : null });
    } catch {
      toast.error(t('takeExam.toasts.exitFailed'));
      navigate('/exam-management');
    }
  };

  // Built only while the list is open (the page re-renders every second for the timers).
  const listEntries: ListEntry[] = !listOpen
    ? []
    : record.questionOrder.map((id) => {
        const question = byId.get(id);
        const shown = question ? questionView(question, language) : null;
        const answered = record.answeredQuestions.includes(id);
        const status = record.solvedStatus[id];
        const correct = !answered || !shown ? null : status ? status === 'Y' : isAnswerCorrect(record.answers[id] ?? '', shown.answer, shown.content);
        return { id, title: shown?.title ?? '', answered, correct };
      });

  const stat = currentQuestion ? statsById.get(currentQuestion.id) : undefined;
  const title = examDisplayTitle(exam, language, t('takeExam.untitled'));

  return (
    <div className={styles.shell} ref={shell} data-testid="take-exam-runner" data-exam-id={exam.id}>
      {signedIn && <ConnectedStudiesBar examId={exam.id} />}
      <ExamHeader
        title={title}
        current={total > 0 ? index + 1 : 0}
        total={total}
        answeredCount={record.answeredQuestions.length}
        elapsedSeconds={record.elapsedSeconds}
        questionSeconds={currentQuestion ? (record.questionTimes[currentQuestion.id] ?? 0) : 0}
        trackProgress={record.trackProgress}
        onTrackProgress={(value) => dispatch({ type: 'setTrackProgress', value })}
        continueMode={record.isContinueMode}
        // The badge says "completed" only when every question has an answer, not after a mid-exam Save.
        completed={record.examCompleted && total > 0 && record.answeredQuestions.length >= total}
        singleQuestion={singleQuestion}
      />
      <ExamToolbar
        signedIn={signedIn}
        canEdit={canEdit}
        hasQuestion={!!currentQuestion}
        isFavorite={flags.isFavorite}
        isIgnored={flags.isIgnored}
        flagsPending={flags.pending}
        fullscreen={fullscreen.active}
        onFavorite={() => requireLogin() && void flags.flipFavorite()}
        onIgnore={() => requireLogin() && void flags.flipIgnored()}
        onShare={() => void share()}
        onFullscreen={() => void fullscreen.toggle().then((ok) => ok || toast.error(t('takeExam.toasts.fullscreenFailed')))}
        onList={() => setListOpen(true)}
        onShuffle={() => {
          dispatch({ type: 'setOrder', order: resortRemaining(record.questionOrder, index, undefined) });
          toast.info(t('takeExam.toasts.shuffled'));
        }}
        onRestart={() => setRestartOpen(true)}
        onEdit={() => editor.setFormMode('edit')}
        onAdd={() => editor.setFormMode('add')}
        onDelete={() => editor.setDeleting(true)}
      />

      {currentQuestion && <UntranslatedNotice key={`${currentQuestion.id}-${language}`} show={showsTranslationNotice(currentQuestion, language)} />}

      {view && currentQuestion && (
        <QuestionCard
          key={currentQuestion.id}
          number={index + 1}
          question={view}
          language={language}
          answer={answer}
          solved={solved}
          forceAnswer={!!exam.force_answer}
          onAnswer={(value) => dispatch({ type: 'setAnswer', questionId: currentQuestion.id, answer: value })}
          onSolved={(value) => requireLogin() && dispatch({ type: 'setSolved', questionId: currentQuestion.id, value })}
          onSubmit={submitAnswer}
          onPass={() => selfGrade(true)}
          onFail={() => selfGrade(false)}
          onNext={next}
        />
      )}

      {/* Outside the keyed card: the panel keeps its on/off state from question to question. */}
      {exam.voice_mode_enabled && (
        <VoiceModePanel
          examId={exam.id}
          question={view ? { id: view.id, title: view.title, content: view.content, answer: view.answer } : null}
          language={language}
          isLastQuestion={isLast}
          signedIn={signedIn}
          onPass={() => void selfGrade(true)}
          onFail={() => void selfGrade(false)}
        />
      )}

      {signedIn && stat && stat.total_attempts > 0 && (
        <AccuracyPanel
          key={`stats-${currentQuestion?.id ?? ''}`}
          stat={stat}
          pending={accuracy.adjusting}
          onAdjust={(target, current) => currentQuestion && requireLogin() && void accuracy.adjust(currentQuestion.id, target, current)}
        />
      )}

      <NavigationBar
        index={index}
        total={total}
        saving={saving}
        onFirst={() => goTo(0)}
        onPrevious={() => goTo(index - 1)}
        onNext={next}
        onLast={() => goTo(total - 1)}
        onSave={() => void onSave()}
        onEnd={() => void onEnd()}
      />

      <ShortcutsHelp />

      <QuestionListModal
        open={listOpen}
        entries={listEntries}
        currentIndex={index}
        onJump={(target) => {
          goTo(target);
          setListOpen(false);
        }}
        onClose={() => setListOpen(false)}
      />

      {editor.formMode && (
        <QuestionFormModal
          key={`${editor.formMode}-${currentQuestion?.id ?? ''}`}
          mode={editor.formMode}
          initial={editor.formMode === 'edit' && view ? editFormValues(view) : addFormValues(nextCsvId(questions))}
          pending={editor.pending}
          onSubmit={(body) => void editor.submitForm(body, currentQuestion?.id ?? null)}
          onInvalid={() => toast.warning(t('takeExam.form.required'))}
          onClose={() => editor.setFormMode(null)}
        />
      )}

      <ConfirmModal
        open={restartOpen}
        title={t('takeExam.restart.title')}
        confirmLabel={t('takeExam.restart.confirm')}
        cancelLabel={t('takeExam.restart.cancel')}
        closeLabel={t('app.close')}
        tone="danger"
        onClose={() => setRestartOpen(false)}
        onConfirm={() => {
          dispatch({ type: 'restart', order: orderQuestions(questions, { order: params.order, stats: statsById }).map((question) => question.id), now: Date.now() });
          setRestartOpen(false);
          toast.info(t('takeExam.toasts.restarted'));
        }}
        testId="restart-modal"
      >
        <p>{t('takeExam.restart.body')}</p>
      </ConfirmModal>

      <ConfirmModal
        open={editor.deleting && !!currentQuestion}
        title={t('takeExam.remove.title')}
        confirmLabel={t('takeExam.remove.confirm')}
        cancelLabel={t('takeExam.remove.cancel')}
        closeLabel={t('app.close')}
        tone="danger"
        pending={editor.pending}
        onClose={() => editor.setDeleting(false)}
        onConfirm={() => currentQuestion && void editor.confirmDelete(currentQuestion.id)}
        testId="delete-question-modal"
      >
        <p>{t('takeExam.remove.body', { title: view?.title ?? '' })}</p>
      </ConfirmModal>
    </div>
  );
}
