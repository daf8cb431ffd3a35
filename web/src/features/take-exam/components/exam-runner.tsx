import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Exam, ExamQuestion } from '#shared/contracts/exam-schemas.js';
import type { OfflineDb } from '../../../lib/offline/offline-db.js';
import { examDisplayTitle } from '#shared/domain/exam-title.js';
import { isLanguage, type Language } from '#shared/domain/language.js';
import { resortRemaining } from '#shared/domain/question-order.js';
import { useRichTextsReady } from '../../../components/rich-text/index.js';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { useAccuracyAdjust } from '../hooks/use-accuracy-adjust.js';
import { useAnswerActions } from '../hooks/use-answer-actions.js';
import { useFullscreen } from '../hooks/use-fullscreen.js';
import { useQuestionEditor } from '../hooks/use-question-editor.js';
import { useRequireLogin } from '../hooks/use-require-login.js';
import { useRunnerSession } from '../hooks/use-runner-session.js';
import { useSessionExit } from '../hooks/use-session-exit.js';
import { useStartOver } from '../hooks/use-start-over.js';
import { useShareLink } from '../hooks/use-share-link.js';
import type { TakeExamParams } from '../hooks/use-take-exam-params.js';
import { addFormValues, editFormValues } from '../utils/question-form.js';
import { questionListEntries } from '../utils/question-list-entries.js';
import { nextCsvId, showsTranslationNotice } from '../utils/question-view.js';
import { ConnectedStudiesBar, useConnectedStudies } from './connected-studies-bar.js';
import { DeleteQuestionModal } from './delete-question-modal.js';
import { ExamHeader } from './exam-header.js';
import { ExamToolbar } from './exam-toolbar.js';
import { NavigationBar } from './navigation-bar.js';
import { richTextsOf } from './question-card.js';
import { RunnerQuestion } from './runner-question.js';
import { QuestionFormModal } from './question-form-modal.js';
import { QuestionListModal } from './question-list-modal.js';
import { RestartModal } from './restart-modal.js';
import { SittingOfferModal } from './sitting-offer-modal.js';
import { ShortcutsHelp } from './shortcuts-help.js';
import { UntranslatedNotice } from './untranslated-notice.js';
import styles from './take-exam.module.css';

interface ExamRunnerProps {
  exam: Exam;
  questions: ExamQuestion[];
  params: TakeExamParams;
  signedIn: boolean;
  singleQuestion: boolean;
  /** The offline store holding this exam (downloaded for offline): End queues the sitting there without a connection. */
  offline: OfflineDb | null;
}

/**
 * The exam in progress: composes the header, tools, question card, accuracy and navigation. The
 * session and its actions come from the hooks in `../hooks/`.
 */
export function ExamRunner({ exam, questions, params, signedIn, singleQuestion, offline }: ExamRunnerProps) {
  const { t, i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'ko';
  const toast = useToast();
  const requireLogin = useRequireLogin(signedIn);
  const shell = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(shell);
  const share = useShareLink();
  const [listOpen, setListOpen] = useState(false);
  const [restartOpen, setRestartOpen] = useState(false);

  const session = useRunnerSession({ exam, questions, params, signedIn, language, requireLogin });
  const { record, dispatch, byId, total, index, currentQuestion, view, flags, goTo } = session;
  const canEdit = signedIn && !!exam.user_permissions?.can_edit;
  const accuracy = useAccuracyAdjust(exam.id);
  const editor = useQuestionEditor({
    examId: exam.id,
    initialMode: params.addMode && canEdit ? 'add' : null,
    onAdded: session.jumpTo,
    onDeleted: (questionId) => dispatch({ type: 'removeQuestion', questionId }),
  });
  const { onSave, onEnd } = useSessionExit({
    exam,
    questions,
    params,
    signedIn,
    language,
    session,
    requireLogin,
    offline,
  });
  const actions = useAnswerActions(signedIn, session, requireLogin, () => void onEnd());
  const [helpSignal, setHelpSignal] = useState(0);

  const restart = useStartOver({ questions, params, signedIn, session, onDone: () => setRestartOpen(false) });

  // A Markdown question is shown once rendered, never as plain text first that then grows (layout
  // shift, D183); after the first one the renderer is loaded and later questions render at once.
  // So are the studies bar above it and the accuracy panel below it: shown with the question, not
  // after it (D254).
  const richReady = useRichTextsReady(richTextsOf(view));
  const studies = useConnectedStudies(exam.id, signedIn);
  const ready = richReady && studies.settled && session.statsSettled;
  const [shownOnce, setShownOnce] = useState(false);
  useEffect(() => {
    if (ready) setShownOnce(true);
  }, [ready]);
  // Built only while the list is open (the page re-renders every second for the timers).
  const listEntries = listOpen ? questionListEntries(record, byId, language) : [];
  const title = examDisplayTitle(exam, language, t('takeExam.untitled'));

  if (!ready && !shownOnce)
    return (
      // Keyed: React would otherwise reuse this div as the runner's and report it moved (D254).
      <div key="waiting" className={styles.state}>
        <Spinner label={t('takeExam.loading')} />
      </div>
    );
  return (
    <div className={styles.shell} ref={shell} data-testid="take-exam-runner" data-exam-id={exam.id}>
      {signedIn && <ConnectedStudiesBar studies={studies.studies} />}
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
        onFullscreen={() =>
          void fullscreen.toggle().then((ok) => ok || toast.error(t('takeExam.toasts.fullscreenFailed')))
        }
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

      {currentQuestion && (
        <UntranslatedNotice
          key={`${currentQuestion.id}-${language}`}
          show={showsTranslationNotice(currentQuestion, language)}
        />
      )}

      <RunnerQuestion
        exam={exam}
        signedIn={signedIn}
        language={language}
        session={session}
        actions={actions}
        accuracy={accuracy}
        requireLogin={requireLogin}
        onHelp={() => setHelpSignal((value) => value + 1)}
      />

      <NavigationBar
        index={index}
        total={total}
        saving={session.saving}
        onFirst={() => goTo(0)}
        onPrevious={() => goTo(index - 1)}
        onNext={actions.next}
        onLast={actions.last}
        onSave={() => void onSave()}
        onEnd={() => void onEnd()}
      />

      <ShortcutsHelp openSignal={helpSignal} />

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
          examId={exam.id}
          initial={editor.formMode === 'edit' && view ? editFormValues(view) : addFormValues(nextCsvId(questions))}
          pending={editor.pending}
          onSubmit={(body) => void editor.submitForm(body, currentQuestion?.id ?? null)}
          onInvalid={() => toast.warning(t('takeExam.form.required'))}
          onClose={() => editor.setFormMode(null)}
        />
      )}

      <RestartModal open={restartOpen} onClose={() => setRestartOpen(false)} onConfirm={() => void restart()} />

      <SittingOfferModal
        answered={restartOpen ? null : session.sitting.offered}
        pending={false}
        onContinue={session.sitting.dismissOffer}
        onStartOver={() => {
          session.sitting.dismissOffer();
          void restart();
        }}
        onClose={session.sitting.dismissOffer}
      />

      <DeleteQuestionModal
        open={editor.deleting && !!currentQuestion}
        title={view?.title ?? ''}
        pending={editor.pending}
        onClose={() => editor.setDeleting(false)}
        onConfirm={() => currentQuestion && void editor.confirmDelete(currentQuestion.id)}
      />
    </div>
  );
}
