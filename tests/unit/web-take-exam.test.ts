import { describe, expect, test, vi } from 'vitest';
import type { ExamQuestion } from '#shared/contracts/exam-schemas.js';
import { formatElapsed } from '../../web/src/lib/format-time.js';
import { isPageReload } from '../../web/src/features/take-exam/utils/page-reload.js';
import { answerVerdict } from '../../web/src/features/take-exam/utils/answer-verdict.js';
import {
  choiceOptions,
  contentWithoutOptions,
  detectInputForm,
  joinChoices,
  splitChoices,
} from '../../shared/domain/input-form.js';
import {
  addFormValues,
  editFormValues,
  questionFormBody,
  questionFormProblem,
} from '../../web/src/features/take-exam/utils/question-form.js';
import { cleanUrl } from '#shared/domain/question-url.js';
import {
  needsTranslation,
  nextCsvId,
  questionView,
  showsTranslationNotice,
} from '../../web/src/features/take-exam/utils/question-view.js';
import {
  filterParams,
  isFavoritesExamTitle,
  returnAddress,
} from '../../web/src/features/take-exam/utils/return-address.js';
import {
  canGoNext,
  createSessionRecord,
  firstUnansweredIndex,
  sessionKey,
  sessionReducer,
  unsavedAnswers,
  unsavedSeconds,
  type SessionAction,
  type SessionRecord,
} from '../../web/src/features/take-exam/utils/session-record.js';
import { reviveSessionRecord } from '../../web/src/features/take-exam/utils/stored-session-record.js';

const NOW = 1_700_000_000_000;

function run(record: SessionRecord, ...actions: SessionAction[]): SessionRecord {
  return actions.reduce(sessionReducer, record);
}

const fresh = () => createSessionRecord('e1', ['q1', 'q2', 'q3'], NOW);

describe('return address (docs/product.md#take-exam "Leaving goes to")', () => {
  const at = (query: string, examId: string | null = 'e1', titles: string[] = ['Kubernetes']) =>
    returnAddress({ search: new URLSearchParams(query), examId, examTitles: titles, now: 42 });

  test('each returnTo', () => {
    expect(at('returnTo=favorites')).toBe('/favorites');
    expect(at('returnTo=results')).toBe('/results');
    expect(at('returnTo=exam-management')).toBe('/exam-management?t=42');
    expect(at('returnTo=study-detail&studyId=s9')).toBe('/study-detail/s9');
    expect(at('returnTo=study-detail')).toBe('/study-management');
  });

  test('exam detail keeps the filters and prefers the examId parameter', () => {
    expect(at('returnTo=exam-detail&tab=wrong&restart=true&page=2')).toBe('/exam-detail/e1?t=42&tab=wrong&page=2');
    expect(at('returnTo=exam-detail&examId=orig&question_id=q1')).toBe('/exam-detail/orig?t=42');
  });

  test('a favorites exam goes back to /favorites; no exam id goes to exam management', () => {
    expect(at('returnTo=exam-detail', 'e1', ['즐겨찾기 문제 모음'])).toBe('/favorites');
    expect(at('', 'e1', ['My Favorites exam'])).toBe('/favorites');
    expect(at('', null)).toBe('/exam-management');
    expect(at('')).toBe('/exam-management?t=42');
    expect(isFavoritesExamTitle(null)).toBe(false);
  });

  test('own parameters are not filters', () => {
    const search = new URLSearchParams(
      'exam_id=1&question_id=2&mode=add-question&selected=1,2&order=2&restart=true&continue=true&result_id=r&returnTo=results&examId=x&studyId=y&t=1&level=hard',
    );
    expect(filterParams(search)).toEqual([['level', 'hard']]);
  });
});

describe('session record reducer (docs/product.md#take-exam)', () => {
  test('a new record', () => {
    const record = fresh();
    expect(record).toMatchObject({
      examId: 'e1',
      currentQuestionIndex: 0,
      answers: {},
      examCompleted: false,
      elapsedSeconds: 0,
      trackProgress: true,
      previousResultId: null,
      timestamp: NOW,
    });
    expect(sessionKey('e1')).toBe('examSession_e1');
  });

  test('ticks count the whole exam and the current question, never more on a question than in total', () => {
    let record = run(fresh(), { type: 'tick', now: NOW + 1000 }, { type: 'tick', now: NOW + 2000 });
    expect(record.elapsedSeconds).toBe(2);
    expect(record.questionTimes).toEqual({ q1: 2 });
    record = run(record, { type: 'goTo', index: 1, now: NOW + 2500 }, { type: 'tick', now: NOW + 3000 });
    expect(record.questionTimes).toEqual({ q1: 2, q2: 1 });
    expect(record.currentQuestionTimeReactive).toBe(1);
    expect(record.timestamp).toBe(NOW + 3000);
    // A per-question time above the total (a stale record) is capped.
    record = run({ ...record, questionTimes: { q2: 99 } }, { type: 'tick', now: NOW + 4000 });
    expect(record.questionTimes.q2).toBe(record.elapsedSeconds);
    // Track progress off: the clocks stop.
    const paused = run(record, { type: 'setTrackProgress', value: false }, { type: 'tick', now: NOW + 5000 });
    expect(paused.elapsedSeconds).toBe(record.elapsedSeconds);
  });

  test('self-grade: Y fills the correct answer, N a single blank; both count as answered', () => {
    const record = run(
      fresh(),
      { type: 'selfGrade', questionId: 'q1', pass: true, correctAnswer: 'Pod' },
      { type: 'selfGrade', questionId: 'q2', pass: false, correctAnswer: 'Deployment' },
    );
    expect(record.answers).toEqual({ q1: 'Pod', q2: ' ' });
    expect(record.solvedStatus).toEqual({ q1: 'Y', q2: 'N' });
    expect(record.answeredQuestions).toEqual(['q1', 'q2']);
  });

  test('commit only answers a non-blank answer; typing again clears the solved status and the saved mark', () => {
    let record = run(
      fresh(),
      { type: 'setAnswer', questionId: 'q1', answer: '   ' },
      { type: 'commit', questionId: 'q1' },
    );
    expect(record.answeredQuestions).toEqual([]);
    record = run(
      record,
      { type: 'setAnswer', questionId: 'q1', answer: 'ClusterIP' },
      { type: 'commit', questionId: 'q1' },
    );
    expect(record.answeredQuestions).toEqual(['q1']);
    record = run(record, { type: 'saved', resultId: 'r1', questionIds: ['q1'], elapsedMark: 0 });
    expect(unsavedAnswers(record)).toEqual([]);
    record = run(record, { type: 'setAnswer', questionId: 'q1', answer: 'NodePort' });
    expect(unsavedAnswers(record)).toEqual([{ question_id: 'q1', answer: 'NodePort', elapsed_seconds: 0 }]);
  });

  test('save bookkeeping: pending, then saved with the result id', () => {
    let record = run(fresh(), { type: 'setSolved', questionId: 'q2', value: 'Y' }, { type: 'tick', now: NOW + 1000 });
    expect(unsavedAnswers(record)).toEqual([{ question_id: 'q2', answer: 'Y', elapsed_seconds: 0 }]);
    expect(unsavedSeconds(record)).toBe(1);
    const pending = {
      submissionId: 'uuid-1',
      kind: 'submit' as const,
      previousResultId: null,
      answers: unsavedAnswers(record),
      elapsedSeconds: 1,
      elapsedMark: 1,
    };
    record = run(record, { type: 'startSave', pending }, { type: 'saveFailed' });
    expect(record.pendingSubmission).toEqual(pending); // kept for the retry, same id
    record = run(
      record,
      { type: 'tick', now: NOW + 2000 },
      { type: 'saved', resultId: 'r1', questionIds: ['q2'], elapsedMark: 1 },
    );
    expect(record.pendingSubmission).toBeNull();
    expect(record.previousResultId).toBe('r1');
    expect(record.savedQuestionIds).toEqual(['q2']);
    // The server adds each save's seconds to the result: the next save reports only the time since.
    expect(unsavedSeconds(record)).toBe(1);
  });

  test('continue: earlier answers count as given and saved; jumps to the first unanswered unless further along', () => {
    const details = [
      { question_id: 'q1', answer: 'a' },
      { question_id: 'gone', answer: 'x' },
    ];
    const record = run(fresh(), { type: 'continueFrom', resultId: 'r7', details });
    expect(record).toMatchObject({
      isContinueMode: true,
      previousResultId: 'r7',
      currentQuestionIndex: 1,
      answeredQuestions: ['q1'],
      savedQuestionIds: ['q1'],
    });
    expect(record.answers).toEqual({ q1: 'a' });
    const further = run(
      fresh(),
      { type: 'goTo', index: 2, now: NOW },
      { type: 'continueFrom', resultId: 'r7', details },
    );
    expect(further.currentQuestionIndex).toBe(2);
    expect(
      firstUnansweredIndex(
        run(
          fresh(),
          ...['q1', 'q2', 'q3'].map((id) => ({ type: 'setSolved' as const, questionId: id, value: 'Y' as const })),
        ),
      ),
    ).toBe(2);
  });

  test('order changes keep the current question in view; removing and adding questions', () => {
    let record = run(fresh(), { type: 'goTo', index: 1, now: NOW }, { type: 'setOrder', order: ['q2', 'q3', 'q1'] });
    expect(record.currentQuestionIndex).toBe(0);
    record = run(record, { type: 'goTo', index: 2, now: NOW }, { type: 'removeQuestion', questionId: 'q2' });
    expect(record.questionOrder).toEqual(['q3', 'q1']);
    expect(record.questionOrder[record.currentQuestionIndex]).toBe('q1');
    record = run(record, { type: 'addQuestion', questionId: 'q9' }, { type: 'addQuestion', questionId: 'q9' });
    expect(record.questionOrder).toEqual(['q3', 'q1', 'q9']);
    expect(run(record, { type: 'goTo', index: 99, now: NOW }).currentQuestionIndex).toBe(2);
  });

  test('completed, and restart resets index, answers, answered, saved and timers', () => {
    let record = run(
      fresh(),
      { type: 'setSolved', questionId: 'q1', value: 'Y' },
      { type: 'tick', now: NOW + 1000 },
      { type: 'goTo', index: 2, now: NOW },
      { type: 'saved', resultId: 'r', questionIds: ['q1'], elapsedMark: 1 },
      { type: 'complete' },
    );
    expect(record.examCompleted).toBe(true);
    record = run(record, { type: 'restart', order: ['q3', 'q1', 'q2'], now: NOW + 9 });
    expect(record).toMatchObject({
      currentQuestionIndex: 0,
      answers: {},
      answeredQuestions: [],
      savedQuestionIds: [],
      elapsedSeconds: 0,
      questionTimes: {},
      examCompleted: false,
      questionOrder: ['q3', 'q1', 'q2'],
    });
  });

  test('a stored record is revived and fitted to the exam; anything else is ignored', () => {
    const stored = JSON.parse(
      JSON.stringify(
        run(fresh(), { type: 'goTo', index: 2, now: NOW }, { type: 'setSolved', questionId: 'q2', value: 'N' }),
      ),
    );
    const revived = reviveSessionRecord(stored, 'e1', ['q3', 'q2', 'q4']);
    expect(revived?.questionOrder).toEqual(['q2', 'q3', 'q4']);
    expect(revived?.questionOrder[revived.currentQuestionIndex]).toBe('q3');
    expect(revived?.solvedStatus).toEqual({ q2: 'N' });
    expect(reviveSessionRecord(stored, 'other', ['q1'])).toBeNull();
    expect(reviveSessionRecord('junk', 'e1', ['q1'])).toBeNull();
    expect(reviveSessionRecord(null, 'e1', ['q1'])).toBeNull();
  });

  test('next: non-blank answer or solved status; yes/no questions need a Y or N form', () => {
    expect(canGoNext({ answer: '', solved: undefined, isYesNoQuestion: false, answerIsYesNo: false })).toBe(false);
    expect(canGoNext({ answer: '  ', solved: 'N', isYesNoQuestion: false, answerIsYesNo: false })).toBe(true);
    expect(canGoNext({ answer: 'pod', solved: undefined, isYesNoQuestion: false, answerIsYesNo: false })).toBe(true);
    expect(canGoNext({ answer: 'maybe', solved: undefined, isYesNoQuestion: true, answerIsYesNo: false })).toBe(false);
    expect(canGoNext({ answer: '예', solved: undefined, isYesNoQuestion: true, answerIsYesNo: true })).toBe(true);
  });
});

describe('input forms (docs/product.md#take-exam)', () => {
  const choices = 'Which are workloads?\na) Deployment\nb) Service\nc) StatefulSet\nd) Ingress';

  test('detection', () => {
    expect(detectInputForm(choices, 'a, c')).toBe('checkbox');
    expect(detectInputForm(choices, 'a；c')).toBe('checkbox');
    expect(detectInputForm(choices, 'c')).toBe('radio');
    expect(detectInputForm('1. one\n2. two', '2')).toBe('radio');
    expect(detectInputForm('Did you solve it?', 'Y')).toBe('yesno');
    expect(detectInputForm('Solved?', '아니오')).toBe('yesno');
    expect(detectInputForm('What is a pod?', 'The smallest unit')).toBe('textarea');
  });

  test('options, the content without them, and the checkbox answer', () => {
    const options = choiceOptions(choices);
    expect(options).toEqual([
      { key: 'a', text: 'Deployment' },
      { key: 'b', text: 'Service' },
      { key: 'c', text: 'StatefulSet' },
      { key: 'd', text: 'Ingress' },
    ]);
    expect(contentWithoutOptions(choices)).toBe('Which are workloads?');
    expect(joinChoices(['c', 'a'], options)).toBe('a, c');
    expect(splitChoices('a, c;d')).toEqual(['a', 'c', 'd']);
  });
});

describe('question view, form and time', () => {
  const question: ExamQuestion = {
    id: 'q1',
    csv_id: '7',
    title_ko: '파드',
    title_en: '',
    content_ko: '쿠버네티스에서 배포할 수 있는 가장 작은 단위는?',
    content_en: '',
    answer_ko: '파드',
    answer_en: '',
    explanation_ko: '',
    difficulty: 'Easy',
    url: 'NaN',
  };

  test('texts in the current language with fallback; nan urls cleared', () => {
    expect(questionView(question, 'en')).toMatchObject({ title: '파드', answer: '파드', url: '', csvId: '7' });
    expect(cleanUrl(' https://k8s.io ')).toBe('https://k8s.io');
  });

  test('translation is needed for a short title or content in the current language', () => {
    expect(needsTranslation(question, 'en')).toBe(true);
    expect(needsTranslation(question, 'ko')).toBe(true); // '파드' is 2 characters
    expect(needsTranslation({ ...question, title_ko: '파드란?' }, 'ko')).toBe(false);
    // The notice only when the other language has the text.
    expect(showsTranslationNotice({ ...question, title_ko: '파드란?' }, 'en')).toBe(true);
    expect(showsTranslationNotice(question, 'ko')).toBe(false);
    expect(showsTranslationNotice({ ...question, title_ko: '파드란?' }, 'ko')).toBe(false);
  });

  test('add form defaults: next csv id, Medium; required fields; explanation blank → one space on edit', () => {
    expect(nextCsvId([{ csv_id: '3' }, { csv_id: '12' }, { csv_id: 'x' }, {}])).toBe('13');
    expect(nextCsvId([])).toBe('1');
    const values = addFormValues('13');
    expect(values).toMatchObject({ csv_id: '13', difficulty: 'Medium' });
    expect(questionFormProblem(values)).toBe(true);
    const filled = { ...values, title: ' T ', content: 'C', answer: 'A', url: 'nan', difficulty: '어려움' };
    expect(questionFormProblem(filled)).toBe(false);
    expect(questionFormBody(filled, 'add')).toMatchObject({ title: 'T', explanation: '', url: '', difficulty: 'Hard' });
    expect(questionFormBody(filled, 'edit').explanation).toBe(' ');
    expect(editFormValues(questionView(question, 'ko'))).toMatchObject({
      title: '파드',
      difficulty: 'Easy',
      csv_id: '7',
    });
  });

  test('minutes:seconds with padded seconds', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65)).toBe('1:05');
    expect(formatElapsed(3725)).toBe('62:05');
    expect(formatElapsed(-3)).toBe('0:00');
  });
});

describe('the verdict on a submitted answer', () => {
  const question = (answer: string, content = '') => ({ answer, content });

  test('the shared answer rule decides: trimmed, case-insensitive, width-folded, yes/no forms alike', () => {
    expect(answerVerdict('  Pod ', question('pod'))).toBe('correct');
    expect(answerVerdict('ＰＯＤ', question('pod'))).toBe('correct');
    expect(answerVerdict('예', question('yes'))).toBe('correct');
    expect(answerVerdict('deployment', question('pod'))).toBe('wrong');
    expect(answerVerdict('no', question('yes'))).toBe('wrong');
  });

  test('a multiple-choice answer compares as a set', () => {
    const content = 'Pick two\na) one\nb) two\nc) three';
    expect(answerVerdict('c, a', question('a, c', content))).toBe('correct');
    expect(answerVerdict('a', question('a, c', content))).toBe('wrong');
  });

  test('no verdict for a blank answer or a question without a correct answer', () => {
    expect(answerVerdict('   ', question('pod'))).toBeNull();
    expect(answerVerdict('pod', question(''))).toBeNull();
  });
});

describe('entering versus reloading the take-exam page (D296)', () => {
  const withNavigation = (type: string | undefined, run: () => void) => {
    vi.stubGlobal('performance', { getEntriesByType: () => (type ? [{ type }] : []) });
    try {
      run();
    } finally {
      vi.unstubAllGlobals();
    }
  };

  test('only the document reloaded on this page continues without asking', () => {
    withNavigation('reload', () => {
      expect(isPageReload('default')).toBe(true);
      expect(isPageReload('k3x9')).toBe(false); // reached inside the app after the reload
    });
    withNavigation('navigate', () => expect(isPageReload('default')).toBe(false)); // a link from outside
    withNavigation('back_forward', () => expect(isPageReload('default')).toBe(false));
    withNavigation(undefined, () => expect(isPageReload('default')).toBe(false));
  });
});
