import type { ExamQuestion } from '#shared/contracts/exam-schemas.js';
import { yesNoValue } from '#shared/domain/answer-check.js';
import type { Language } from '#shared/domain/language.js';
import { questionView } from './question-view.js';
import { questionRules, type RunnerContext } from './runner-machine.js';

interface RunnerContextInput {
  byId: ReadonlyMap<string, ExamQuestion>;
  language: Language;
  /** The exam asks for an answer before Next. */
  forceAnswer: boolean;
  signedIn: boolean;
}

/** What the runner's rules need to know of the questions, as this screen shows them (now: when asked). */
export function runnerContext({ byId, language, forceAnswer, signedIn }: RunnerContextInput): RunnerContext {
  const shown = (id: string) => {
    const question = byId.get(id);
    return question ? questionView(question, language) : null;
  };
  return {
    rules: (id) => questionRules(shown(id)?.content ?? '', shown(id)?.answer ?? '', forceAnswer),
    answerIsYesNo: (value) => yesNoValue(value) !== null,
    correctAnswer: (id) => shown(id)?.answer ?? '',
    signedIn,
    now: Date.now(),
  };
}
