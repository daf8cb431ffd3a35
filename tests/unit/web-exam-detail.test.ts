import { describe, expect, test } from 'vitest';
import {
  activeFilterCount,
  defaultState,
  hasActiveFilters,
  nextSort,
  paramsFromState,
  stateFromParams,
  type DetailState,
} from '../../web/src/features/exam-detail/utils/detail-state.js';
import {
  compareGroupIds,
  filterRows,
  sortRows,
  toRows,
  type QuestionRow,
  type RowSource,
} from '../../web/src/features/exam-detail/utils/question-rows.js';
import {
  isRevealed,
  NO_REVEAL,
  revealAll,
  revealedCount,
  revealOne,
} from '../../web/src/features/exam-detail/utils/answer-reveal.js';
import { buildMockInterviewPrompt } from '../../web/src/features/exam-detail/utils/mock-interview-prompt.js';
import { singleQuestionPath, startExamPath } from '../../web/src/features/exam-detail/utils/exam-links.js';
import { isOwnDailyExam } from '../../web/src/features/exam-detail/utils/detail-permissions.js';

function row(id: string, over: Partial<QuestionRow> = {}): QuestionRow {
  return {
    id,
    csvId: id,
    title: `title ${id}`,
    content: '',
    answer: '',
    explanation: '',
    format: 'plain',
    groupId: '',
    difficulty: 'Medium',
    order: Number(id.replace(/\D/g, '')) || 0,
    correct: 0,
    attempts: 0,
    isFavorite: false,
    isIgnored: false,
    originalExams: [],
    ...over,
  };
}
const ids = (rows: QuestionRow[]) => rows.map((r) => r.id);

describe('detail state in the URL', () => {
  test('defaults: not_ignored in normal mode, everything in favorites mode, priority ascending', () => {
    expect(defaultState(false)).toMatchObject({ ignoreFilter: 'not_ignored', sortBy: 'priority', sortOrder: 'asc' });
    expect(defaultState(true).ignoreFilter).toBe('');
  });

  test('every parameter restores its filter or sort; group_id is an alias', () => {
    const search = new URLSearchParams(
      'searchTerm=pod&difficultyFilter=Hard&answerFilter=low&favoriteFilter=favorite&ignoreFilter=ignored&group_id=g1&originalExamFilter=e9&sortBy=csv_id&sortOrder=desc',
    );
    expect(stateFromParams(search, defaultState(false))).toEqual({
      searchTerm: 'pod',
      difficultyFilter: 'Hard',
      answerFilter: 'low',
      favoriteFilter: 'favorite',
      ignoreFilter: 'ignored',
      groupIdFilter: 'g1',
      originalExamFilter: 'e9',
      sortBy: 'csv_id',
      sortOrder: 'desc',
    });
  });

  test('unknown values clear a filter, unknown sorts keep the base', () => {
    const state = stateFromParams(
      new URLSearchParams('difficultyFilter=Insane&ignoreFilter=&sortBy=nope&sortOrder=up'),
      defaultState(false),
    );
    expect(state.difficultyFilter).toBe('');
    expect(state.ignoreFilter).toBe('');
    expect(state.sortBy).toBe('priority');
    expect(state.sortOrder).toBe('asc');
  });

  test('round trip: only non-default values are written, and reading them back gives the same state', () => {
    for (const favorites of [false, true]) {
      const state: DetailState = {
        ...defaultState(favorites),
        searchTerm: '쿠버',
        ignoreFilter: favorites ? 'ignored' : '',
        sortBy: 'answer',
        sortOrder: 'desc',
      };
      const params = paramsFromState(state, favorites);
      expect(params.map(([name]) => name)).toEqual(['searchTerm', 'ignoreFilter', 'sortBy', 'sortOrder']);
      expect(stateFromParams(new URLSearchParams(params), defaultState(favorites))).toEqual(state);
      expect(paramsFromState(defaultState(favorites), favorites)).toEqual([]);
    }
  });

  test('active filters ignore the sort; the same column flips, another starts ascending', () => {
    expect(hasActiveFilters({ ...defaultState(false), sortBy: 'title' }, false)).toBe(false);
    expect(hasActiveFilters({ ...defaultState(false), ignoreFilter: '' }, false)).toBe(true);
    expect(nextSort({ sortBy: 'title', sortOrder: 'asc' }, 'title')).toEqual({ sortBy: 'title', sortOrder: 'desc' });
    expect(nextSort({ sortBy: 'title', sortOrder: 'desc' }, 'csv_id')).toEqual({ sortBy: 'csv_id', sortOrder: 'asc' });
  });
});

describe('filters', () => {
  const rows = [
    row('q1', { title: 'Pods and Nodes', correct: 7, attempts: 10, groupId: 'Net-A' }),
    row('q2', { title: 'Services', correct: 6, attempts: 10, isFavorite: true, difficulty: 'Hard' }),
    row('q3', { title: 'pods again', isIgnored: true, originalExams: [{ id: 'e1', title: 'E1' }] }),
  ];
  const base = { ...defaultState(true) };

  test('accuracy high is ≥ 0.7, low is < 0.7, unattempted excluded from both', () => {
    expect(ids(filterRows(rows, { ...base, answerFilter: 'high' }))).toEqual(['q1']);
    expect(ids(filterRows(rows, { ...base, answerFilter: 'low' }))).toEqual(['q2']);
  });

  test('search is case-insensitive over the title; group id is a case-insensitive substring', () => {
    expect(ids(filterRows(rows, { ...base, searchTerm: 'PODS' }))).toEqual(['q1', 'q3']);
    expect(ids(filterRows(rows, { ...base, groupIdFilter: 'net' }))).toEqual(['q1']);
  });

  test('favorite, ignored, difficulty and original exam', () => {
    expect(ids(filterRows(rows, { ...base, favoriteFilter: 'favorite' }))).toEqual(['q2']);
    expect(ids(filterRows(rows, { ...base, favoriteFilter: 'not_favorite' }))).toEqual(['q1', 'q3']);
    expect(ids(filterRows(rows, defaultState(false)))).toEqual(['q1', 'q2']);
    expect(ids(filterRows(rows, { ...base, ignoreFilter: 'ignored' }))).toEqual(['q3']);
    expect(ids(filterRows(rows, { ...base, difficultyFilter: 'Hard' }))).toEqual(['q2']);
    expect(ids(filterRows(rows, { ...base, originalExamFilter: 'e1' }))).toEqual(['q3']);
  });

  test('rows take the localised title with fallback, stats and flags', () => {
    const source: RowSource[] = [{ id: 'a', title_ko: '', title_en: 'English only', difficulty: 'Med.' }];
    const [built] = toRows(source, {
      language: 'ko',
      stats: new Map([['a', { correct_attempts: 1, total_attempts: 2 }]]),
      favorites: new Set(['a']),
      ignored: new Set(),
    });
    expect(built).toMatchObject({
      title: 'English only',
      difficulty: 'Medium',
      correct: 1,
      attempts: 2,
      isFavorite: true,
      isIgnored: false,
      order: 0,
    });
    expect(built!.isLeech).toBeUndefined();
  });

  test('a leech of the caller is flagged, other rows are not', () => {
    const source: RowSource[] = [{ id: 'a' }, { id: 'b' }];
    const rows = toRows(source, {
      language: 'en',
      stats: new Map(),
      favorites: new Set(),
      ignored: new Set(),
      leeches: new Set(['b']),
    });
    expect(rows.map((r) => r.isLeech)).toEqual([undefined, true]);
  });
});

describe('sort', () => {
  test('priority without any attempts sorts by group id, numeric first', () => {
    const rows = [
      row('q1', { groupId: 'b' }),
      row('q2', { groupId: '10' }),
      row('q3', { groupId: '9' }),
      row('q4', { groupId: '' }),
      row('q5', { groupId: 'a' }),
    ];
    expect(ids(sortRows(rows, 'priority', 'asc'))).toEqual(['q3', 'q2', 'q5', 'q1', 'q4']);
  });

  test('priority: lowest accuracy, unattempted first among ties, then most attempts', () => {
    const rows = [
      row('q1', { correct: 5, attempts: 5 }),
      row('q2', { correct: 0, attempts: 2 }),
      row('q3'),
      row('q4', { correct: 0, attempts: 6 }),
      row('q5', { correct: 1, attempts: 2 }),
      row('q6', { correct: 2, attempts: 4 }),
    ];
    expect(ids(sortRows(rows, 'priority', 'asc'))).toEqual(['q3', 'q4', 'q2', 'q6', 'q5', 'q1']);
  });

  test('columns sort both ways; csv ids compare naturally; ties keep the exam order', () => {
    const rows = [
      row('q1', { csvId: '10', difficulty: 'Hard' }),
      row('q2', { csvId: '9', difficulty: 'Easy' }),
      row('q3', { csvId: '100', difficulty: 'Easy' }),
    ];
    expect(ids(sortRows(rows, 'csv_id', 'asc'))).toEqual(['q2', 'q1', 'q3']);
    expect(ids(sortRows(rows, 'csv_id', 'desc'))).toEqual(['q3', 'q1', 'q2']);
    expect(ids(sortRows(rows, 'difficulty', 'asc'))).toEqual(['q2', 'q3', 'q1']);
    expect(ids(sortRows(rows, 'difficulty', 'desc'))).toEqual(['q1', 'q2', 'q3']);
  });

  test('group ids: numbers by value before text, blanks last', () => {
    expect(['x', '', '2', '11', 'A'].sort(compareGroupIds)).toEqual(['2', '11', 'A', 'x', '']);
  });
});

describe('links and prompt', () => {
  test('start exam carries selected, order, restart and the non-default filters', () => {
    const path = startExamPath(
      'e1',
      ['q3', 'q1'],
      { ...defaultState(false), searchTerm: 'pod', sortBy: 'title' },
      false,
    );
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/take-exam/e1');
    expect(url.searchParams.get('selected')).toBe('q3,q1');
    expect(url.searchParams.get('order')).toBe('q3,q1');
    expect(url.searchParams.get('restart')).toBe('true');
    expect(url.searchParams.get('searchTerm')).toBe('pod');
    expect(url.searchParams.get('sortBy')).toBe('title');
    expect(url.searchParams.has('ignoreFilter')).toBe(false);
  });

  test('a single question opens with question_id and exam_id', () => {
    const url = new URL(singleQuestionPath('e1', 'q2', defaultState(true), true), 'http://x');
    expect(url.pathname).toBe('/take-exam');
    expect([
      url.searchParams.get('question_id'),
      url.searchParams.get('exam_id'),
      url.searchParams.get('returnTo'),
    ]).toEqual(['q2', 'e1', 'favorites']);
  });

  test('the mock interview prompt has four steps and each question with its answer and explanation', () => {
    const questions = [
      {
        title_ko: '파드란?',
        title_en: 'What is a pod?',
        answer_ko: '컨테이너 묶음',
        answer_en: 'A group of containers',
        explanation_en: 'Smallest unit',
      },
      { title_en: 'Only English', answer_en: 'yes' },
    ];
    const ko = buildMockInterviewPrompt('쿠버네티스', questions, 'ko');
    expect(ko).toContain('1단계');
    expect(ko).toContain('4단계');
    expect(ko).toContain('1. 질문: 파드란?');
    expect(ko).toContain('모범 답안: 컨테이너 묶음');
    expect(ko).toContain('2. 질문: Only English');
    const en = buildMockInterviewPrompt('Kube', questions, 'en');
    expect(en).toMatch(/Step 1[\s\S]*Step 2[\s\S]*Step 3[\s\S]*Step 4/);
    expect(en).toContain('Explanation: Smallest unit');
    expect(en.match(/Explanation:/g)).toHaveLength(1);
  });

  test('the daily button shows on the caller’s own daily exam only', () => {
    expect(isOwnDailyExam({ title: "Today's Quizzes for ann" }, 'ann')).toBe(true);
    expect(isOwnDailyExam({ title: "Today's Quizzes for bob" }, 'ann')).toBe(false);
    expect(isOwnDailyExam({ title: 'Kube' }, 'ann')).toBe(false);
  });
});

describe('reading questions with their answers', () => {
  test('rows carry the text, answer and explanation in the screen language, falling back to the other', () => {
    const source: RowSource[] = [
      {
        id: 'q1',
        title_ko: '제목',
        content_ko: '내용',
        answer_en: 'Paris',
        explanation_ko: '해설',
        explanation_en: 'Why',
      },
    ];
    const context = { stats: new Map(), favorites: new Set<string>(), ignored: new Set<string>() };
    expect(toRows(source, { ...context, language: 'ko' })[0]).toMatchObject({
      content: '내용',
      answer: 'Paris',
      explanation: '해설',
    });
    expect(toRows(source, { ...context, language: 'en' })[0]).toMatchObject({
      title: '제목',
      content: '내용',
      answer: 'Paris',
      explanation: 'Why',
    });
    expect(toRows([{ id: 'q2' }], { ...context, language: 'en' })[0]).toMatchObject({
      content: '',
      answer: '',
      explanation: '',
    });
  });

  test('answers are hidden until asked for, one by one or all at once', () => {
    const ids = ['a', 'b', 'c'];
    expect(revealedCount(NO_REVEAL, ids)).toBe(0);
    const one = revealOne(NO_REVEAL, 'b');
    expect(ids.map((id) => isRevealed(one, id))).toEqual([false, true, false]);
    expect(revealOne(one, 'b')).toEqual(NO_REVEAL);
    const all = revealAll(one);
    expect(revealedCount(all, ids)).toBe(3);
    // With the whole list on, a single one can still be folded; turning the list off forgets it.
    const folded = revealOne(all, 'a');
    expect(ids.map((id) => isRevealed(folded, id))).toEqual([false, true, true]);
    expect(revealedCount(revealAll(folded), ids)).toBe(0);
  });

  test('the folded filter bar counts the filters that differ from the defaults', () => {
    expect(activeFilterCount(defaultState(false), false)).toBe(0);
    expect(
      activeFilterCount({ ...defaultState(false), difficultyFilter: 'Easy', searchTerm: 'x', sortBy: 'title' }, false),
    ).toBe(2);
    expect(activeFilterCount({ ...defaultState(false), ignoreFilter: '' }, false)).toBe(1);
  });
});
