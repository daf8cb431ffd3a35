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
  /** The answer entry's whole value (typing, an option picked, the box cleared). */
  | { type: 'answer'; text: string }
  | { type: 'clear' }
  /** Submit (Enter, the Submit button); `value` is a true / false pick, submitted in the answer's place. */
  | { type: 'submit'; value?: string }
  /** O / X (the buttons or the keys): self-grading, or on a Y/N question its true / false. */
  | { type: 'grade'; pass: boolean }
  | { type: 'key'; key: 'Enter' | 'Escape' | 'ArrowRight' | 'o' | 'x' }
  | { type: 'next' }
  | { type: 'skip' }
  | { type: 'last' }
  /** The page reloaded: the record from storage, the card afresh. */
  | { type: 'reload'; record: SessionRecord }
  /** Another tab's sitting merged in (the record is adopted as the server answered it). */
  | { type: 'adopt'; action: Extract<SessionAction, { type: 'adoptSitting' }> }
  /** Any other change of the record (timers, Save, the list's jumps, edits); applies after the end too. */
  | { type: 'session'; action: SessionAction };

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
  // Not `examCompleted`: a mid-exam Save marks the record so, and the learner goes on answering.
  return { record, checked, focus: checked ? 'card' : 'input', finished: false, warning: null };
}

const shownId = (record: SessionRecord) => record.questionOrder[record.currentQuestionIndex];

/** A changed record; another question on screen opens its card afresh (the screen keys the card by question). */
function withRecord(state: RunnerState, record: SessionRecord): RunnerState {
  if (record === state.record) return state;
  if (shownId(record) !== shownId(state.record)) return { ...startRunner(record), finished: state.finished };
  return { ...state, record };
}

/** The verdict is on screen (what the card's keys follow). */
export function verdictShown(state: RunnerState): boolean {
  const id = state.record.questionOrder[state.record.currentQuestionIndex] ?? '';
  return state.checked || state.record.overrules[id] !== undefined;
}

export function runnerReducer(state: RunnerState, event: RunnerEvent, context: RunnerContext): RunnerState {
  if (event.type === 'session') return withRecord(state, sessionReducer(state.record, event.action));
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
        ? runnerReducer(state, { type: 'answer', text: answer + event.text }, context)
        : state;
    case 'answer':
      // A changed answer has no verdict until it is submitted again.
      return apply({ type: 'setAnswer', questionId: id, answer: event.text }, { checked: false });
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
      return withRecord(state, sessionReducer(record, event.action));
    case 'submit':
      return submit(state, id, rules, event.value ?? answer, context);
    case 'grade':
      return grade(state, id, rules, event.pass, context);
    case 'key':
      return onKey(state, event.key, rules, answer, context);
  }
}

function submit(state: RunnerState, id: string, rules: QuestionRules, value: string, context: RunnerContext) {
  if (!submitTakes(rules, value) || !context.signedIn) return state;
  const answered = sessionReducer(state.record, { type: 'setAnswer', questionId: id, answer: value });
  const record = sessionReducer(answered, { type: 'commit', questionId: id });
  return { ...state, record, checked: true, warning: null };
}

function grade(state: RunnerState, id: string, rules: QuestionRules, pass: boolean, context: RunnerContext) {
  if (rules.inputForm === 'yesno') return submit(state, id, rules, pass ? 'Y' : 'N', context);
  if (!selfGradeOffered(rules, state.record.answers[id] ?? '') || !context.signedIn) return state;
  const correctAnswer = context.correctAnswer(id);
  const record = sessionReducer(state.record, { type: 'selfGrade', questionId: id, pass, correctAnswer });
  return { ...state, record, checked: true, warning: null };
}

function onKey(
  state: RunnerState,
  key: 'Enter' | 'Escape' | 'ArrowRight' | 'o' | 'x',
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
  // The screen's keys take the same events (components/question-card).
  switch (action?.type) {
    case 'next':
      return runnerReducer(state, { type: 'next' }, context);
    case 'leave':
      return { ...state, focus: 'card' };
    case 'submit':
      return runnerReducer(state, { type: 'submit' }, context);
    case 'grade':
      return runnerReducer(state, { type: 'grade', pass: action.pass }, context);
    default:
      return state;
  }
}

/** One step of the screen: a runner event with the rules of the questions on screen (none for a record change). */
export interface ScreenStep {
  event: RunnerEvent;
  context: RunnerContext | null;
}

const NO_RULES: RunnerContext = {
  rules: () => {
    throw new Error('a runner event without its context');
  },
  answerIsYesNo: () => false,
  correctAnswer: () => '',
  signedIn: false,
  now: 0,
};

/** The take-exam screen's `useReducer` reducer (hooks/use-exam-session): this machine's. */
export function screenReducer(state: RunnerState, { event, context }: ScreenStep): RunnerState {
  // A record change needs no question rules; every other event is given them by the screen.
  return runnerReducer(state, event, context ?? NO_RULES);
}
