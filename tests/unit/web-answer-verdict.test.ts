import { describe, expect, test } from 'vitest';
import {
  focusKind,
  keyAction,
  type KeyContext,
  type KeyInput,
} from '../../web/src/features/take-exam/utils/answer-keys.js';
import { answerDiff, shownVerdict } from '../../web/src/features/take-exam/utils/answer-verdict.js';
import {
  createSessionRecord,
  sessionReducer,
  unsavedAnswers,
  type SessionAction,
  type SessionRecord,
} from '../../web/src/features/take-exam/utils/session-record.js';
import { retryMissedPath, summaryPath } from '../../web/src/features/take-exam/utils/session-summary.js';

const run = (record: SessionRecord, ...actions: SessionAction[]) => actions.reduce(sessionReducer, record);
const fresh = () => createSessionRecord('e1', ['q1', 'q2', 'q3'], 1_700_000_000_000);

describe('the verdict shown after an answer', () => {
  const question = (answer: string, content = '') => ({ answer, content });

  test('a choice typed as its text is graded as choosing it, in a Markdown question too', () => {
    const content = '2024 우승 팀은?\n1) 삼성 라이온즈\n2) LG 트윈스\n3) KIA 타이거즈';
    expect(shownVerdict('KIA 타이거즈', question('3', content), undefined)?.final).toBe('correct');
    expect(shownVerdict('LG 트윈스', question('3', content), undefined)?.graded).toBe('wrong');
    const escaped = { answer: '2', content: '$x^2$ 의 표기는?\n1) x\\*x\n2) x^2', format: 'markdown' as const };
    expect(shownVerdict('x^2', escaped, undefined)?.final).toBe('correct');
    expect(shownVerdict('x*x.', escaped, undefined)?.final).toBe('wrong');
    expect(shownVerdict('pod answer.', question('pod answer'), undefined)?.final).toBe('correct');
  });

  test('right, almost (counted wrong) and wrong, with the matched alternative', () => {
    expect(shownVerdict('pod', question('pod|파드'), undefined)).toEqual({
      graded: 'correct',
      final: 'correct',
      expected: 'pod',
      overruled: false,
    });
    expect(shownVerdict('kubernetis', question('kubernetes'), undefined)).toMatchObject({
      graded: 'almost',
      final: 'wrong',
      expected: 'kubernetes',
    });
    expect(shownVerdict('docker', question('kubernetes'), undefined)).toMatchObject({
      graded: 'wrong',
      final: 'wrong',
    });
  });

  test("the learner's overrule decides, and says so only when it differs from the rule", () => {
    expect(shownVerdict('kubernetis', question('kubernetes'), 'correct')).toMatchObject({
      graded: 'almost',
      final: 'correct',
      overruled: true,
    });
    expect(shownVerdict('pod', question('pod'), 'wrong')).toMatchObject({ final: 'wrong', overruled: true });
    expect(shownVerdict('pod', question('pod'), 'correct')).toMatchObject({ final: 'correct', overruled: false });
  });

  test('a self-graded answer has only the learner grade; nothing at all gives no verdict', () => {
    expect(shownVerdict(' ', question('pod'), 'wrong')).toMatchObject({
      graded: 'wrong',
      final: 'wrong',
      overruled: false,
    });
    expect(shownVerdict('whatever', question(''), 'correct')).toMatchObject({ final: 'correct' });
    expect(shownVerdict('', question('pod'), undefined)).toBeNull();
  });

  test('Y/N: true/false is graded against y/yes/예 and n/no/아니오', () => {
    expect(shownVerdict('Y', question('예'), undefined)?.final).toBe('correct');
    expect(shownVerdict('N', question('yes'), undefined)?.final).toBe('wrong');
  });

  test('the near miss difference: typed in excess and missing, case ignored', () => {
    expect(answerDiff('Kubernetis', 'kubernetes')).toEqual([
      { text: 'kubernet', kind: 'same' },
      { text: 'i', kind: 'extra' },
      { text: 'e', kind: 'missing' },
      { text: 's', kind: 'same' },
    ]);
    expect(answerDiff('pod', 'pods').map((part) => part.kind)).toEqual(['same', 'missing']);
  });
});

describe('overrules reach the submission', () => {
  test('an overrule marks the answer unsaved and travels as learner_verdict; a new answer drops it', () => {
    let record = run(
      fresh(),
      { type: 'setAnswer', questionId: 'q1', answer: 'kubernetis' },
      { type: 'commit', questionId: 'q1' },
    );
    expect(unsavedAnswers(record)).toEqual([{ question_id: 'q1', answer: 'kubernetis', elapsed_seconds: 0 }]);
    record = run(record, { type: 'saved', resultId: 'r1', questionIds: ['q1'], elapsedMark: 0 });
    expect(unsavedAnswers(record)).toEqual([]);
    record = run(record, { type: 'overrule', questionId: 'q1', verdict: 'correct' });
    expect(unsavedAnswers(record)).toEqual([
      { question_id: 'q1', answer: 'kubernetis', elapsed_seconds: 0, learner_verdict: 'correct' },
    ]);
    record = run(record, { type: 'overrule', questionId: 'q1', verdict: null });
    expect(unsavedAnswers(record)[0]).not.toHaveProperty('learner_verdict');
    record = run(
      record,
      { type: 'overrule', questionId: 'q1', verdict: 'wrong' },
      { type: 'setAnswer', questionId: 'q1', answer: 'kubernetes' },
    );
    expect(record.overrules).toEqual({});
  });

  test('self-grading is the learner grade too', () => {
    const record = run(
      fresh(),
      { type: 'selfGrade', questionId: 'q2', pass: true, correctAnswer: 'pod' },
      { type: 'selfGrade', questionId: 'q3', pass: false, correctAnswer: 'pod' },
    );
    expect(unsavedAnswers(record)).toEqual([
      { question_id: 'q2', answer: 'pod', elapsed_seconds: 0, learner_verdict: 'correct' },
      { question_id: 'q3', answer: ' ', elapsed_seconds: 0, learner_verdict: 'wrong' },
    ]);
  });
});

describe('keyboard rules', () => {
  const typed: KeyContext = { phase: 'answering', inputForm: 'textarea', options: [], selfGrade: false };
  const key = (key: string, extra: Partial<KeyInput> = {}): KeyInput => ({
    key,
    inTextField: false,
    onPressable: false,
    ...extra,
  });

  test('in the answer box: Enter submits, Shift+Enter is a new line, Ctrl+Enter submits, letters are text', () => {
    expect(keyAction(key('Enter', { inTextField: true }), typed)).toEqual({ type: 'submit' });
    expect(keyAction(key('Enter', { inTextField: true, shiftKey: true }), typed)).toBeNull();
    expect(keyAction(key('Enter', { inTextField: true, ctrlKey: true }), typed)).toEqual({ type: 'submit' });
    expect(keyAction(key('o', { inTextField: true }), { ...typed, selfGrade: true })).toBeNull();
    expect(keyAction(key('?', { inTextField: true }), typed)).toBeNull();
    expect(keyAction(key('Escape', { inTextField: true }), typed)).toEqual({ type: 'leave' });
  });

  test('after the verdict Enter or → goes on; a focused button keeps its own Enter', () => {
    const verdict = { ...typed, phase: 'verdict' as const };
    expect(keyAction(key('Enter', { inTextField: true }), verdict)).toEqual({ type: 'next' });
    expect(keyAction(key('ArrowRight'), verdict)).toEqual({ type: 'next' });
    expect(keyAction(key('Enter', { onPressable: true }), verdict)).toBeNull();
  });

  test('O / X grade (true / false on a Y/N question); 1–4 and A–D choose', () => {
    expect(keyAction(key('O'), { ...typed, selfGrade: true })).toEqual({ type: 'grade', pass: true });
    expect(keyAction(key('x'), { ...typed, inputForm: 'yesno' })).toEqual({ type: 'grade', pass: false });
    expect(keyAction(key('o'), typed)).toBeNull();
    const options = [
      { key: '1', text: 'one' },
      { key: '2', text: 'two' },
      { key: '3', text: 'three' },
    ];
    const choices: KeyContext = { phase: 'answering', inputForm: 'radio', options, selfGrade: false };
    expect(keyAction(key('2'), choices)).toEqual({ type: 'choose', key: '2' });
    expect(keyAction(key('c'), choices)).toEqual({ type: 'choose', key: '3' });
    expect(keyAction(key('4'), choices)).toBeNull();
    expect(keyAction(key('Enter'), choices)).toEqual({ type: 'submit' });
    expect(keyAction(key('?'), choices)).toEqual({ type: 'help' });
  });

  test('what the focus is on', () => {
    // A real EventTarget (no DOM here) carrying the fields an element would.
    const element = (fields: { tagName: string; type?: string }) => Object.assign(new EventTarget(), fields);
    expect(focusKind(element({ tagName: 'TEXTAREA' }))).toEqual({
      inTextField: true,
      onPressable: false,
    });
    expect(focusKind(element({ tagName: 'INPUT', type: 'radio' }))).toEqual({
      inTextField: false,
      onPressable: false,
    });
    expect(focusKind(element({ tagName: 'BUTTON' }))).toEqual({
      inTextField: false,
      onPressable: true,
    });
  });
});

describe('one end of a sitting', () => {
  test('retry the missed ones keeps the way back; no misses, no retry', () => {
    const search = new URLSearchParams('returnTo=study-detail&studyId=s1&order=x&t=1');
    expect(retryMissedPath('e1', ['q2', 'q3'], search)).toBe(
      '/take-exam/e1?selected=q2%2Cq3&order=q2%2Cq3&restart=true&returnTo=study-detail&studyId=s1',
    );
    expect(retryMissedPath('e1', [], search)).toBeNull();
  });

  test('the summary address carries back and retry', () => {
    expect(summaryPath('r1', '/study-detail/s1', '/take-exam/e1?selected=q2')).toBe(
      '/exam-summary/r1?back=%2Fstudy-detail%2Fs1&retry=%2Ftake-exam%2Fe1%3Fselected%3Dq2',
    );
    expect(summaryPath('r1', '/', null)).toBe('/exam-summary/r1?back=%2F');
  });
});

describe('back to where the sitting was started', () => {
  test('the daily exam goes home; the exam detail names its exam; a study task its study', async () => {
    const { returnAddress } = await import('../../web/src/features/take-exam/utils/return-address.js');
    expect(returnAddress({ search: new URLSearchParams('returnTo=home'), examId: 'e1' })).toBe('/');
    expect(returnAddress({ search: new URLSearchParams('returnTo=exam-detail%2Fe9'), examId: 'e1' })).toBe(
      '/exam-detail/e9',
    );
    expect(
      returnAddress({ search: new URLSearchParams('returnTo=study-detail&studyId=s1&examId=e1'), examId: 'e1' }),
    ).toBe('/study-detail/s1');
  });
});

describe('resume anywhere: the server sitting merged with the local record', async () => {
  const { mergeSitting, sittingStateOf, sittingSignature } =
    await import('../../web/src/features/take-exam/utils/sitting-merge.js');
  const base = () => createSessionRecord('e1', ['q1', 'q2', 'q3', 'q4'], 1_700_000_000_000);

  test('a fresh tab takes over the other tab: answers, grades, position, time, the result so far', () => {
    const other = run(
      base(),
      { type: 'setAnswer', questionId: 'q1', answer: 'alpha' },
      { type: 'commit', questionId: 'q1' },
      { type: 'selfGrade', questionId: 'q2', pass: false, correctAnswer: 'beta' },
      { type: 'goTo', index: 2, now: 1 },
      { type: 'saved', resultId: 'r1', questionIds: ['q1'], elapsedMark: 30 },
    );
    const remote = { ...sittingStateOf(other), elapsed_seconds: 95 };
    const merged = mergeSitting(base(), remote, true);
    expect(merged.answers).toEqual({ q1: 'alpha', q2: ' ' });
    expect(merged.answeredQuestions).toEqual(['q1', 'q2']);
    expect(merged.overrules).toEqual({ q2: 'wrong' });
    expect(merged.currentQuestionIndex).toBe(2);
    expect(merged.elapsedSeconds).toBe(95);
    expect(merged.previousResultId).toBe('r1');
    expect(merged.savedQuestionIds).toEqual(['q1']);
    expect(unsavedAnswers(merged).map((answer) => answer.question_id)).toEqual(['q2']); // q1 is not sent (counted) again
  });

  test('two tabs that answered different questions lose nothing; one both answered as often keeps the stored answer (D294)', () => {
    const mine = run(
      base(),
      { type: 'setAnswer', questionId: 'q3', answer: 'mine' },
      { type: 'commit', questionId: 'q3' },
      { type: 'setAnswer', questionId: 'q4', answer: 'local' },
      { type: 'commit', questionId: 'q4' },
    );
    const theirs = run(
      base(),
      { type: 'setAnswer', questionId: 'q1', answer: 'theirs' },
      { type: 'commit', questionId: 'q1' },
      { type: 'setAnswer', questionId: 'q4', answer: 'remote' },
      { type: 'commit', questionId: 'q4' },
    );
    const newer = mergeSitting(mine, sittingStateOf(theirs), true);
    expect(newer.answers).toMatchObject({ q1: 'theirs', q3: 'mine', q4: 'remote' });
    expect(new Set(newer.answeredQuestions)).toEqual(new Set(['q1', 'q3', 'q4']));
    // Equal revisions: the server's sitting was stored first, whichever position the screen follows.
    expect(mergeSitting(mine, sittingStateOf(theirs), false).answers.q4).toBe('remote');
    // A question this tab answered again (a higher revision) is this tab's.
    const again = run(
      mine,
      { type: 'setAnswer', questionId: 'q4', answer: 'local again' },
      { type: 'commit', questionId: 'q4' },
    );
    expect(mergeSitting(again, sittingStateOf(theirs), false).answers.q4).toBe('local again');
  });

  test('questions the exam no longer has are dropped; the time alone is no change worth a write', () => {
    const remote = {
      ...sittingStateOf(base()),
      question_order: ['gone', 'q2'],
      answered: ['gone'],
      answers: { gone: 'x' },
    };
    const merged = mergeSitting(base(), remote, true);
    expect(merged.answeredQuestions).toEqual([]);
    expect(merged.questionOrder).toEqual(['q2', 'q1', 'q3', 'q4']);
    expect(sittingSignature(run(base(), { type: 'tick', now: 2 }))).toBe(sittingSignature(base()));
  });
});

describe('a cloze card on screen', () => {
  const note = 'The {{c1::mitochondria}} makes ATP; the {{c1::mitochondria}} has its own DNA. {{c2::$E=mc^2$}}';
  const card = (cloze: number) => ({
    content: '',
    answer: cloze === 1 ? 'mitochondria; mitochondria' : '$E=mc^2$',
    format: 'markdown' as const,
    cloze,
    cloze_note: note,
  });

  test('is graded gap by gap, as the server grades it', () => {
    expect(shownVerdict('Mitochondria; mitochondria', card(1), undefined)).toMatchObject({ graded: 'correct' });
    expect(shownVerdict('mitochondria; mitochondira', card(1), undefined)).toMatchObject({
      graded: 'almost',
      expected: 'mitochondria; mitochondria',
    });
    expect(shownVerdict('mitochondria; nucleus', card(1), undefined)).toMatchObject({
      graded: 'wrong',
      final: 'wrong',
    });
    expect(shownVerdict('E=mc^2', card(2), undefined)).toMatchObject({ graded: 'correct' });
  });
});
