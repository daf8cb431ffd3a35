import { yesNoValue } from '#shared/domain/answer-check.js';
import { questionParts, type InputForm } from '#shared/domain/input-form.js';
import { keyAction } from './answer-keys.js';
import { canGoNext, isBlank, sessionReducer, type SessionAction, type SessionRecord } from './session-record.js';

/**
 * The question card as a state machine (D293): the rules the card and Next follow, and a reducer
 * over them that the model-based test drives (tests/unit/web-runner-machine.test.ts). Every state
 * has a way forward: a committed question always moves on; an uncommitted one moves on with an
 * answer, or is skipped — left unanswered, and counted as unanswered.
 */

/** What the card needs to know about the question on screen. */
export interface QuestionRules {
  inputForm: InputForm;
  /** The question has a correct answer to compare with. */
  hasKey: boolean;
  /** Its correct answer is a Y/N form (the answer must be one too). */
  isYesNo: boolean;
  /** The exam makes a typed answer required (no O / X self-grading of an empty box). */
  forceAnswer: boolean;
}

export function questionRules(content: string, correctAnswer: string, forceAnswer: boolean): QuestionRules {
  return {
    inputForm: questionParts(content, correctAnswer).inputForm,
    hasKey: !isBlank(correctAnswer),
    isYesNo: yesNoValue(correctAnswer) !== null,
    forceAnswer,
  };
}

export type CardPhase = 'answering' | 'verdict';
export type Warning = 'enterAnswer' | 'answerYesNo';

/** The card opens on its verdict when the question was committed with something to show. */
export function initialChecked(answered: boolean, answer: string, own: 'correct' | 'wrong' | undefined): boolean {
  return answered && (!isBlank(answer) || own !== undefined);
}

/** O / X self-grading: a typed question answered in the head, or one with nothing to compare with. */
export function selfGradeOffered(rules: QuestionRules, answer: string): boolean {
  if (rules.inputForm !== 'textarea') return false;
  return rules.hasKey ? !rules.forceAnswer && isBlank(answer) : !rules.forceAnswer || !isBlank(answer);
}

/** Submit (Enter, the Submit button) takes a non-blank answer to a question it can grade. */
export function submitTakes(rules: QuestionRules, answer: string): boolean {
  return !isBlank(answer) && (rules.hasKey || rules.inputForm !== 'textarea');
}

export type NextMove = { kind: 'move' } | { kind: 'commit' } | { kind: 'warn'; warning: Warning };

/**
 * Next (the bar's, the verdict's, Enter and → on a verdict). A committed question always moves on
 * — its verdict is showing, whatever another tab did to its answer; an uncommitted one is
 * committed when its answer will do, else the learner is told (and Skip is there).
 */
export function nextMove(
  record: SessionRecord,
  questionId: string,
  rules: QuestionRules,
  answerIsYesNo: boolean,
  signedIn: boolean,
): NextMove {
  if (!signedIn || record.answeredQuestions.includes(questionId)) return { kind: 'move' };
  const answer = record.answers[questionId];
  if (rules.forceAnswer) return { kind: 'warn', warning: 'enterAnswer' };
  if (canGoNext({ answer, solved: record.solvedStatus[questionId], isYesNoQuestion: rules.isYesNo, answerIsYesNo }))
    return { kind: 'commit' };
  return { kind: 'warn', warning: rules.isYesNo && !isBlank(answer) ? 'answerYesNo' : 'enterAnswer' };
}

// --- the runner as one reducer: the session record plus what the card on screen shows ---

export interface RunnerState {
  record: SessionRecord;
  /** The card's own "submitted, verdict showing" mark (reset by a new question or an edit). */
  checked: boolean;
  focus: 'input' | 'card';
  finished: boolean;
  warning: Warning | null;
}

export type RunnerEvent =
  | { type: 'type'; text: string }
  | { type: 'clear' }
  | { type: 'key'; key: 'Enter' | 'Escape' | 'ArrowRight' | 'o' | 'x' }
  | { type: 'next' }
  | { type: 'skip' }
  | { type: 'last' }
  /** The page reloaded: the record from storage, the card afresh. */
  | { type: 'reload'; record: SessionRecord }
  /** Another tab's sitting merged in (the record is adopted as the server answered it). */
  | { type: 'adopt'; action: Extract<SessionAction, { type: 'adoptSitting' }> };

export interface RunnerContext {
  rules: (questionId: string) => QuestionRules;
  answerIsYesNo: (answer: string) => boolean;
  /** The correct answer O fills in. */
  correctAnswer: (questionId: string) => string;
  signedIn: boolean;
  now: number;
}

export function startRunner(record: SessionRecord): RunnerState {
  const id = record.questionOrder[record.currentQuestionIndex] ?? '';
  const checked = initialChecked(record.answeredQuestions.includes(id), record.answers[id] ?? '', record.overrules[id]);
  return { record, checked, focus: checked ? 'card' : 'input', finished: record.examCompleted, warning: null };
}

/** The verdict is on screen (what the card's keys follow). */
export function verdictShown(state: RunnerState): boolean {
  const id = state.record.questionOrder[state.record.currentQuestionIndex] ?? '';
  return state.checked || state.record.overrules[id] !== undefined;
}

export function runnerReducer(state: RunnerState, event: RunnerEvent, context: RunnerContext): RunnerState {
  if (state.finished) return state;
  const { record } = state;
  const id = record.questionOrder[record.currentQuestionIndex];
  if (id === undefined) return { ...state, finished: true };
  const rules = context.rules(id);
  const answer = record.answers[id] ?? '';
  const apply = (action: SessionAction, patch: Partial<RunnerState> = {}): RunnerState => ({
    ...state,
    record: sessionReducer(record, action),
    warning: null,
    ...patch,
  });
  const moveOn = (commit: boolean): RunnerState => {
    let next = commit ? sessionReducer(record, { type: 'commit', questionId: id }) : record;
    if (record.currentQuestionIndex >= record.questionOrder.length - 1)
      return { ...state, record: sessionReducer(next, { type: 'complete' }), finished: true, warning: null };
    next = sessionReducer(next, { type: 'goTo', index: record.currentQuestionIndex + 1, now: context.now });
    return { ...startRunner(next), focus: 'input' };
  };
  switch (event.type) {
    case 'type':
      return state.focus === 'input'
        ? apply({ type: 'setAnswer', questionId: id, answer: answer + event.text }, { checked: false })
        : state;
    case 'clear':
      return apply({ type: 'setAnswer', questionId: id, answer: '' }, { checked: false, focus: 'input' });
    case 'next':
    case 'skip': {
      if (event.type === 'skip') return moveOn(false);
      const move = nextMove(record, id, rules, context.answerIsYesNo(answer), context.signedIn);
      if (move.kind === 'warn') return { ...state, warning: move.warning };
      return moveOn(move.kind === 'commit');
    }
    case 'last':
      return startRunner(
        sessionReducer(record, { type: 'goTo', index: record.questionOrder.length - 1, now: context.now }),
      );
    case 'reload':
      return startRunner(event.record);
    case 'adopt':
      return { ...state, record: sessionReducer(record, event.action) };
    case 'key':
      return onKey(state, event.key, id, rules, answer, context);
  }
}

function onKey(
  state: RunnerState,
  key: 'Enter' | 'Escape' | 'ArrowRight' | 'o' | 'x',
  id: string,
  rules: QuestionRules,
  answer: string,
  context: RunnerContext,
): RunnerState {
  const inTextField = state.focus === 'input';
  if (inTextField && (key === 'o' || key === 'x')) return runnerReducer(state, { type: 'type', text: key }, context);
  const action = keyAction(
    { key, inTextField, onPressable: false },
    {
      phase: verdictShown(state) ? 'verdict' : 'answering',
      inputForm: rules.inputForm,
      options: [],
      selfGrade: selfGradeOffered(rules, answer),
    },
  );
  if (!action) return state;
  switch (action.type) {
    case 'next':
      return runnerReducer(state, { type: 'next' }, context);
    case 'leave':
      return { ...state, focus: 'card' };
    case 'submit': {
      if (!submitTakes(rules, answer) || !context.signedIn) return state;
      const record = sessionReducer(state.record, { type: 'commit', questionId: id });
      return { ...state, record, checked: true, warning: null };
    }
    case 'grade': {
      if (!selfGradeOffered(rules, answer) || !context.signedIn) return state;
      const record = sessionReducer(state.record, {
        type: 'selfGrade',
        questionId: id,
        pass: action.pass,
        correctAnswer: context.correctAnswer(id),
      });
      return { ...state, record, checked: true, warning: null };
    }
    default:
      return state;
  }
}
