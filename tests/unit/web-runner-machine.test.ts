import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { SittingState } from '#shared/contracts/sittings.js';
import { mergeSittingStates } from '#shared/domain/sitting-merge.js';
import { yesNoValue } from '#shared/domain/answer-check.js';
import {
  nextMove,
  runnerReducer,
  screenReducer,
  startRunner,
  verdictShown,
  type QuestionRules,
  type RunnerContext,
  type RunnerEvent,
  type RunnerState,
} from '../../web/src/features/take-exam/utils/runner-machine.js';
import {
  createSessionRecord,
  sessionReducer,
  unsavedAnswers,
  type SessionRecord,
} from '../../web/src/features/take-exam/utils/session-record.js';
import { reviveSessionRecord } from '../../web/src/features/take-exam/utils/stored-session-record.js';
import { sittingStateOf } from '../../web/src/features/take-exam/utils/sitting-merge.js';
import { screenReducer as hookReducer } from '../../web/src/features/take-exam/hooks/use-exam-session.js';

/**
 * The take-exam card as a state machine (D293), driven model-based: a learner types, clears,
 * presses Enter, Esc, O / X, Next, Skip and », reloads, while a second tab of the same sitting
 * answers too and both write to a simulated server that merges stale writes as the real one does
 * (shared/domain/sitting-merge, D294). From every reachable state the summary is reachable, a
 * shown verdict's Next always moves on, and every committed answer is in the sitting once and is
 * counted once.
 */

const NOW = 1_700_000_000_000;
const IDS = ['q1', 'q2', 'q3', 'q4'];
const KEYS: Record<string, string> = { q1: 'alpha', q2: 'beta', q3: '', q4: 'gamma' };

function contextFor(forceAnswer: boolean): RunnerContext {
  const rules = (id: string): QuestionRules => ({
    inputForm: 'textarea',
    hasKey: KEYS[id] !== '',
    isYesNo: false,
    forceAnswer,
  });
  return {
    rules,
    answerIsYesNo: (answer) => yesNoValue(answer) !== null,
    correctAnswer: (id) => KEYS[id] ?? '',
    signedIn: true,
    now: NOW,
  };
}

/** The server's sitting: a write at the stored version replaces it, a stale one is merged. */
interface Server {
  version: number;
  state: SittingState | null;
}

interface Tab {
  record: SessionRecord;
  version: number;
}

interface Real {
  tab: RunnerState;
  tabVersion: number;
  other: Tab;
  server: Server;
  context: RunnerContext;
}

interface Model {
  /** Questions this tab committed (typed and submitted, graded, or Next with an answer). */
  committedHere: Set<string>;
  committedThere: Set<string>;
}

/** One write of a tab's record, as PUT /sitting/ answers it; the answer is adopted when merged. */
function write(server: Server, record: SessionRecord, version: number): { state: SittingState; merged: boolean } {
  const incoming = sittingStateOf(record);
  const merged = server.state !== null && version !== server.version;
  server.state = merged ? mergeSittingStates(server.state!, incoming) : incoming;
  server.version += 1;
  return { state: server.state, merged };
}

function syncTab(real: Real) {
  const { state, merged } = write(real.server, real.tab.record, real.tabVersion);
  real.tabVersion = real.server.version;
  if (merged)
    real.tab = runnerReducer(
      real.tab,
      { type: 'adopt', action: { type: 'adoptSitting', state, followRemote: false, version: real.tabVersion } },
      real.context,
    );
}

function syncOther(real: Real) {
  const { state, merged } = write(real.server, real.other.record, real.other.version);
  real.other.version = real.server.version;
  if (merged)
    real.other.record = sessionReducer(real.other.record, {
      type: 'adoptSitting',
      state,
      followRemote: false,
      version: real.other.version,
    });
}

const currentId = (state: RunnerState) => state.record.questionOrder[state.record.currentQuestionIndex] ?? '';

/** What the learner can always do: Next, and Skip when Next asks for an answer. */
function reachesSummary(start: RunnerState, context: RunnerContext): boolean {
  let state = start;
  for (let step = 0; step < IDS.length * 3 && !state.finished; step++) {
    const moved = runnerReducer(state, { type: 'next' }, context);
    state = moved.warning ? runnerReducer(state, { type: 'skip' }, context) : moved;
  }
  return state.finished;
}

function checkInvariants(model: Model, real: Real) {
  const { tab, context } = real;
  const answered = tab.record.answeredQuestions;
  expect(new Set(answered).size).toBe(answered.length);
  if (tab.finished) return;
  expect(reachesSummary(tab, context)).toBe(true);
  // The stuck state of the report: a verdict on screen whose Next asks for an answer.
  if (verdictShown(tab)) {
    const id = currentId(tab);
    const move = nextMove(tab.record, id, context.rules(id), false, true);
    expect(move.kind).not.toBe('warn');
    const after = runnerReducer(tab, { type: 'next' }, context);
    expect(after.finished || after.record.currentQuestionIndex !== tab.record.currentQuestionIndex).toBe(true);
  }
  // Every answer committed here is in this tab's record and, once written, in the sitting.
  for (const id of model.committedHere) expect(answered).toContain(id);
}

type Cmd = fc.Command<Model, Real>;

class TabEvent implements Cmd {
  constructor(readonly event: RunnerEvent) {}
  check = () => true;
  run(model: Model, real: Real) {
    const before = real.tab;
    const id = currentId(before);
    const wasAnswered = before.record.answeredQuestions.includes(id);
    // Through the very reducer the screen's useReducer runs (record changes come without rules, as there).
    real.tab = hookReducer(before, { event: this.event, context: this.event.type === 'session' ? null : real.context });
    if (!before.finished && !wasAnswered && real.tab.record.answeredQuestions.includes(id)) model.committedHere.add(id);
    checkInvariants(model, real);
  }
  toString = () => `tab ${JSON.stringify(this.event)}`;
}

class TabWrite implements Cmd {
  check = () => true;
  run(model: Model, real: Real) {
    if (real.tab.finished) return;
    syncTab(real);
    for (const id of model.committedHere) expect(real.server.state!.answered).toContain(id);
    checkInvariants(model, real);
  }
  toString = () => 'tab writes';
}

class Reload implements Cmd {
  check = () => true;
  run(model: Model, real: Real) {
    if (real.tab.finished) return;
    // sessionStorage keeps the record; the card starts afresh; opening reads the server's sitting.
    const stored = reviveSessionRecord(JSON.parse(JSON.stringify(real.tab.record)), 'e1', IDS)!;
    real.tab = runnerReducer(real.tab, { type: 'reload', record: stored }, real.context);
    if (real.server.state && real.server.version !== real.tabVersion) {
      const action = {
        type: 'adoptSitting' as const,
        state: real.server.state,
        followRemote: true,
        version: real.server.version,
      };
      real.tab = runnerReducer(
        real.tab,
        { type: 'reload', record: sessionReducer(real.tab.record, action) },
        real.context,
      );
      real.tabVersion = real.server.version;
    }
    checkInvariants(model, real);
  }
  toString = () => 'reload';
}

class OtherAnswers implements Cmd {
  constructor(
    readonly index: number,
    readonly text: string,
  ) {}
  check = () => true;
  run(model: Model, real: Real) {
    const id = IDS[this.index]!;
    real.other.record = sessionReducer(
      sessionReducer(real.other.record, { type: 'setAnswer', questionId: id, answer: this.text }),
      { type: 'commit', questionId: id },
    );
    model.committedThere.add(id);
    syncOther(real);
    expect(real.server.state!.answered).toContain(id);
    checkInvariants(model, real);
  }
  toString = () => `second tab answers ${IDS[this.index]} with ${JSON.stringify(this.text)}`;
}

const commands = [
  fc.constantFrom('a', 'lpha', 'beta', 'x', ' ').map((text) => new TabEvent({ type: 'type', text })),
  fc.constant(new TabEvent({ type: 'clear' })),
  fc
    .constantFrom('Enter', 'Escape', 'ArrowRight', 'o', 'x')
    .map((key) => new TabEvent({ type: 'key', key: key as 'Enter' })),
  fc.constant(new TabEvent({ type: 'next' })),
  fc.constant(new TabEvent({ type: 'skip' })),
  fc.constant(new TabEvent({ type: 'last' })),
  // The screen's own events: the answer entry's value, Submit, the O / X buttons, the list's jumps, Save.
  fc.constantFrom('', 'alpha', 'nope').map((text) => new TabEvent({ type: 'answer', text })),
  fc.constant(new TabEvent({ type: 'submit' })),
  fc.boolean().map((pass) => new TabEvent({ type: 'grade', pass })),
  fc
    .integer({ min: 0, max: IDS.length - 1 })
    .map((index) => new TabEvent({ type: 'session', action: { type: 'goTo', index, now: NOW } })),
  fc.constant(new TabEvent({ type: 'session', action: { type: 'complete' } })),
  fc.constant(new Reload()),
  fc.constant(new TabWrite()),
  fc
    .tuple(fc.integer({ min: 0, max: IDS.length - 1 }), fc.constantFrom('alpha', 'nope', 'gamma'))
    .map(([index, text]) => new OtherAnswers(index, text)),
];

describe('the take-exam card as a state machine (D293)', () => {
  test('from every reachable state the summary is reachable and every committed answer is recorded once', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.commands(commands, { maxCommands: 40 }), (forceAnswer, cmds) => {
        const context = contextFor(forceAnswer);
        const model: Model = { committedHere: new Set(), committedThere: new Set() };
        const real: Real = {
          tab: startRunner(createSessionRecord('e1', IDS, NOW)),
          tabVersion: 0,
          other: { record: createSessionRecord('e1', IDS, NOW), version: 0 },
          server: { version: 0, state: null },
          context,
        };
        fc.modelRun(() => ({ model, real }), cmds);
        // Afterwards both tabs write and read: the sitting holds every committed answer, once,
        // and the save sends each once — a second save sends nothing.
        syncTab(real); // End catches up with the sitting before it saves
        syncOther(real);
        const final = real.server.state!;
        for (const id of [...model.committedHere, ...model.committedThere]) expect(final.answered).toContain(id);
        expect(new Set(final.answered).size).toBe(final.answered.length);
        let record = sessionReducer(real.tab.record, {
          type: 'adoptSitting',
          state: final,
          followRemote: false,
          version: real.server.version,
        });
        const sent = unsavedAnswers(record).map((answer) => answer.question_id);
        expect(new Set(sent).size).toBe(sent.length);
        expect(sent.sort()).toEqual([...final.answered].filter((id) => !final.saved.includes(id)).sort());
        record = sessionReducer(record, { type: 'saved', resultId: 'r1', questionIds: sent, elapsedMark: 0 });
        expect(unsavedAnswers(record)).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  test('the reported stuck card: X on an empty box, reloaded in a tab that never saw the Y/N mark, moves on', () => {
    const context = contextFor(false);
    let tab = startRunner(createSessionRecord('e1', IDS, NOW));
    tab = runnerReducer(tab, { type: 'key', key: 'Enter' }, context); // nothing to submit
    tab = runnerReducer(tab, { type: 'key', key: 'Escape' }, context);
    tab = runnerReducer(tab, { type: 'key', key: 'x' }, context);
    expect(verdictShown(tab)).toBe(true);
    // The second tab takes the sitting over: the answer (one blank) and the grade, not the Y/N mark.
    const other = sessionReducer(createSessionRecord('e1', IDS, NOW), {
      type: 'adoptSitting',
      state: sittingStateOf(tab.record),
      followRemote: true,
      version: 1,
    });
    expect(other.solvedStatus).toEqual({});
    const there = startRunner(other);
    expect(verdictShown(there)).toBe(true);
    const moved = runnerReducer(there, { type: 'next' }, context);
    expect(moved.warning).toBeNull();
    expect(moved.record.currentQuestionIndex).toBe(1);
    expect(runnerReducer(there, { type: 'key', key: 'Enter' }, context).record.currentQuestionIndex).toBe(1);
  });

  test('Skip leaves the question unanswered and counted so; Next on an empty box asks for an answer', () => {
    const context = contextFor(false);
    const tab = startRunner(createSessionRecord('e1', IDS, NOW));
    expect(runnerReducer(tab, { type: 'next' }, context).warning).toBe('enterAnswer');
    const skipped = runnerReducer(tab, { type: 'skip' }, context);
    expect(skipped.record.currentQuestionIndex).toBe(1);
    expect(skipped.record.answeredQuestions).toEqual([]);
  });
});

describe('the screen runs the machine', () => {
  test("the take-exam hook's reducer is the machine's", () => {
    expect(hookReducer).toBe(screenReducer);
  });

  test('a mid-exam Save does not end the runner; a jump opens the other card afresh, its verdict shown if committed', () => {
    const context = contextFor(false);
    let tab = startRunner(createSessionRecord('e1', IDS, NOW));
    tab = screenReducer(tab, { event: { type: 'answer', text: 'alpha' }, context });
    tab = screenReducer(tab, { event: { type: 'submit' }, context });
    expect(tab.checked).toBe(true);
    expect(tab.record.answeredQuestions).toEqual(['q1']);
    tab = screenReducer(tab, { event: { type: 'session', action: { type: 'complete' } }, context: null });
    tab = screenReducer(tab, {
      event: { type: 'session', action: { type: 'goTo', index: 1, now: NOW } },
      context: null,
    });
    expect(tab.finished).toBe(false);
    expect(tab.checked).toBe(false);
    tab = screenReducer(tab, { event: { type: 'grade', pass: false }, context });
    expect(tab.checked).toBe(true);
    expect(tab.record.overrules.q2).toBe('wrong');
    tab = screenReducer(tab, {
      event: { type: 'session', action: { type: 'goTo', index: 0, now: NOW } },
      context: null,
    });
    expect(tab.checked).toBe(true);
    // A changed answer has no verdict until it is submitted again.
    expect(screenReducer(tab, { event: { type: 'answer', text: 'alph' }, context }).checked).toBe(false);
  });
});

describe('one sitting from two tabs: the merge rule (D294)', () => {
  const ids = fc.constantFrom('q1', 'q2', 'q3');
  const side = fc
    .record({
      answers: fc.dictionary(ids, fc.constantFrom('a', 'b', ' ')),
      answered: fc.uniqueArray(ids),
      revisions: fc.dictionary(ids, fc.integer({ min: 0, max: 3 })),
      saved: fc.uniqueArray(ids),
    })
    .map((part): SittingState => ({
      question_order: ['q1', 'q2', 'q3'],
      current_index: 0,
      answers: part.answers,
      answered: part.answered,
      overrules: {},
      elapsed_seconds: 0,
      question_times: {},
      previous_result_id: null,
      saved: part.saved,
      revisions: part.revisions,
    }));

  test('nothing answered on either side is dropped; per question the higher revision wins, a tie keeps the stored', () => {
    fc.assert(
      fc.property(side, side, (stored, incoming) => {
        const merged = mergeSittingStates(stored, incoming);
        expect(new Set(merged.answered)).toEqual(new Set([...stored.answered, ...incoming.answered]));
        expect(new Set(merged.saved)).toEqual(new Set([...stored.saved, ...incoming.saved]));
        for (const id of merged.answered) {
          const storedHas = stored.answered.includes(id);
          const incomingHas = incoming.answered.includes(id);
          const storedRev = stored.revisions?.[id] ?? 0;
          const incomingRev = incoming.revisions?.[id] ?? 0;
          const winner = !storedHas || (incomingHas && incomingRev > storedRev) ? incoming : stored;
          if (id in winner.answers) expect(merged.answers[id]).toBe(winner.answers[id]);
        }
        // Merging what is already merged changes nothing (a retried write is harmless).
        expect(mergeSittingStates(merged, incoming).answers).toEqual(merged.answers);
      }),
      { numRuns: 300 },
    );
  });
});
