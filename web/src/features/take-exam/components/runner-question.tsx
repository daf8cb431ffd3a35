import type { Exam } from '#shared/contracts/exam-schemas.js';
import type { Language } from '#shared/domain/language.js';
import { plainText } from '#shared/domain/rich-text.js';
import { VoiceModePanel } from '../../voice-mode/index.js';
import type { useAccuracyAdjust } from '../hooks/use-accuracy-adjust.js';
import type { useAnswerActions } from '../hooks/use-answer-actions.js';
import type { RunnerSession } from '../hooks/use-runner-session.js';
import { AccuracyPanel } from './accuracy-panel.js';
import { QuestionCard } from './question-card.js';

interface RunnerQuestionProps {
  exam: Exam;
  signedIn: boolean;
  language: Language;
  session: RunnerSession;
  actions: ReturnType<typeof useAnswerActions>;
  accuracy: ReturnType<typeof useAccuracyAdjust>;
  requireLogin: () => boolean;
  onHelp(): void;
}

/**
 * The question on screen: its card (showing the runner reducer's state, sending it its events),
 * voice mode, and the accuracy panel under it.
 */
export function RunnerQuestion({
  exam,
  signedIn,
  language,
  session,
  actions,
  accuracy,
  requireLogin,
  onHelp,
}: RunnerQuestionProps) {
  const { record, currentQuestion, view, index, isLast, answer } = session;
  const stat = currentQuestion ? session.statsById.get(currentQuestion.id) : undefined;
  return (
    <>
      {view && currentQuestion && (
        <QuestionCard
          key={currentQuestion.id}
          number={index + 1}
          question={view}
          language={language}
          answer={answer}
          own={record.overrules[currentQuestion.id]}
          checked={session.checked}
          forceAnswer={!!exam.force_answer}
          isLast={isLast}
          onAnswer={actions.change}
          onSubmit={actions.submitAnswer}
          onGrade={actions.grade}
          onOverrule={actions.overrule}
          onNext={actions.next}
          onSkip={actions.skip}
          onHelp={onHelp}
        />
      )}

      {/* Outside the keyed card: the panel keeps its on/off state from question to question. */}
      {exam.voice_mode_enabled && (
        <VoiceModePanel
          examId={exam.id}
          // Voice mode reads and compares the plain form: math as its source, images as their alt text (D132).
          question={
            view
              ? {
                  id: view.id,
                  title: view.title,
                  content: plainText(view.content, view.format),
                  answer: plainText(view.answer, view.format),
                }
              : null
          }
          language={language}
          isLastQuestion={isLast}
          signedIn={signedIn}
          onPass={() => void actions.selfGrade(true)}
          onFail={() => void actions.selfGrade(false)}
        />
      )}

      {signedIn && stat && stat.total_attempts > 0 && (
        <AccuracyPanel
          key={`stats-${currentQuestion?.id ?? ''}`}
          stat={stat}
          pending={accuracy.adjusting}
          onAdjust={(target, current) =>
            currentQuestion && requireLogin() && void accuracy.adjust(currentQuestion.id, target, current)
          }
        />
      )}
    </>
  );
}
