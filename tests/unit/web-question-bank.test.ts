import { describe, expect, test } from 'vitest';
import { MAX_EXAM_QUESTIONS, type Exam } from '#shared/contracts/exam-schemas.js';
import type { QuestionFile } from '#shared/contracts/files.js';
import type { Tag } from '#shared/contracts/tags.js';
import {
  countError,
  countForFile,
  isDuplicateTitle,
  maxCountFor,
  titleError,
  validateCreateExam,
} from '../../web/src/features/exams/utils/create-exam-rules.js';
import { keyText as titleKey } from '#shared/domain/key-text.js';
import { canDeleteExam, canEditExam, isExamCreator } from '../../web/src/features/exams/utils/exam-permissions.js';
import { buildExamTree, treeExams } from '../../web/src/features/exams/utils/exam-tree.js';
import { effectiveScope, examListQuery } from '../../web/src/features/exams/utils/list-query.js';
import {
  examsSheetName,
  isExamSheetName,
  summarizeErrorDetails,
} from '../../web/src/features/exams/utils/sheet-summary.js';
import { subscriptionPlan } from '../../web/src/features/exams/utils/subscriptions.js';
import {
  DEFAULT_FILE_SORT,
  existingFileDecision,
  formatFileSize,
  localFileProblem,
  nextFileSort,
  sortFiles,
} from '../../web/src/features/question-files/utils/file-format.js';
import { percentOf } from '../../web/src/features/question-files/utils/put-with-progress.js';
import {
  findTagByName,
  isTagEntityType,
  newTagName,
  popularTags,
  searchTags,
  tagLabel,
  toggleTagId,
  withRequiredTag,
} from '../../web/src/features/tags/utils/tag-utils.js';

function file(overrides: Partial<QuestionFile>): QuestionFile {
  return {
    id: 'f1',
    name: 'a.xlsx',
    size: 100,
    modified: 1,
    max_questions: 10,
    question_count: 10,
    is_public: true,
    uploaded_by: 'kim',
    is_owner: true,
    language: 'ko',
    ...overrides,
  };
}

function tag(id: string, ko: string, en: string, usage = 0): Tag {
  return { id, name_ko: ko, name_en: en, localized_name: ko, usage_count: usage };
}

describe('question files (web)', () => {
  test('sizes read as B, KB or MB', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });

  test('sorting: name ascending by default, a column flips on the second click, numbers start descending', () => {
    const files = [
      file({ id: '1', name: 'b.xlsx', size: 5 }),
      file({ id: '2', name: 'A.xlsx', size: 50 }),
      file({ id: '3', name: 'c.csv', size: 1 }),
    ];
    expect(sortFiles(files, DEFAULT_FILE_SORT, 'en').map((f) => f.name)).toEqual(['A.xlsx', 'b.xlsx', 'c.csv']);
    const bySize = nextFileSort(DEFAULT_FILE_SORT, 'size');
    expect(bySize).toEqual({ key: 'size', direction: 'desc' });
    expect(sortFiles(files, bySize, 'en').map((f) => f.size)).toEqual([50, 5, 1]);
    expect(nextFileSort(bySize, 'size')).toEqual({ key: 'size', direction: 'asc' });
    expect(nextFileSort(bySize, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });

  test('the browser refuses a missing file, a wrong extension, an empty or a too large one', () => {
    expect(localFileProblem(null)).toBe('missing');
    expect(localFileProblem({ name: 'notes.pdf', size: 10 })).toBe('extension');
    expect(localFileProblem({ name: 'deck.txt', size: 10 })).toBeNull();
    expect(localFileProblem({ name: 'cards.tsv', size: 10 })).toBeNull();
    expect(localFileProblem({ name: 'q.xlsx', size: 0 })).toBe('empty');
    expect(localFileProblem({ name: 'q.XLSX', size: 10 * 1024 * 1024 + 1 })).toBe('tooLarge');
    expect(localFileProblem({ name: 'q.csv', size: 10 })).toBeNull();
    expect(localFileProblem({ name: 'q.xls', size: 10 })).toBeNull();
  });

  test('check-existing: proceed, warn before overwriting, block another owner’s private file', () => {
    expect(existingFileDecision({ exists: false, is_private: false })).toBe('proceed');
    expect(existingFileDecision({ exists: true, is_private: false, is_owner: true })).toBe('confirmOverwrite');
    expect(existingFileDecision({ exists: true, is_private: true, is_owner: true })).toBe('confirmOverwrite');
    expect(existingFileDecision({ exists: true, is_private: true, is_owner: false })).toBe('blocked');
  });

  test('upload progress is a whole percentage within 0–100', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(50, 200)).toBe(25);
    expect(percentOf(199, 200)).toBe(99);
    expect(percentOf(300, 200)).toBe(100);
  });
});

describe('create exam rules (web)', () => {
  const existing = [{ title: 'Kubernetes Basics', title_ko: '쿠버네티스 기초', title_en: '' }];

  test('titles compare trimmed and case-insensitively over title, title_ko and title_en', () => {
    expect(titleKey('  Kubernetes   BASICS ')).toBe('kubernetes basics');
    expect(isDuplicateTitle(' kubernetes basics', existing)).toBe(true);
    expect(isDuplicateTitle('쿠버네티스 기초 ', existing)).toBe(true);
    expect(isDuplicateTitle('Kubernetes Basics 2', existing)).toBe(false);
    expect(isDuplicateTitle('   ', existing)).toBe(false);
    expect(titleError('', existing)).toBe('required');
    expect(titleError('   ', existing)).toBe('required');
    expect(titleError('KUBERNETES BASICS', existing)).toBe('duplicate');
    expect(titleError('New one', existing)).toBeUndefined();
  });

  test('the count is a whole number from 0 to the selected file’s maximum', () => {
    expect(countError('0', 10)).toBeUndefined();
    expect(countError('10', 10)).toBeUndefined();
    expect(countError('11', 10)).toBe('max');
    expect(countError('-1', 10)).toBe('invalid');
    expect(countError('2.5', 10)).toBe('invalid');
    expect(countError('', 10)).toBe('invalid');
    expect(validateCreateExam({ title: '', count: '99', max: 10, existing })).toEqual({
      title: 'required',
      count: 'max',
    });
    expect(validateCreateExam({ title: 'Fine', count: '3', max: 10, existing })).toEqual({});
  });

  test('choosing a file sets its question count (none sets 0); Max is the file’s maximum', () => {
    expect(countForFile(file({ question_count: 42 }))).toBe(42);
    expect(countForFile(null)).toBe(0);
    expect(countForFile(file({ question_count: MAX_EXAM_QUESTIONS + 5 }))).toBe(MAX_EXAM_QUESTIONS);
    expect(maxCountFor(file({ max_questions: 42 }))).toBe(42);
    expect(maxCountFor(file({ max_questions: MAX_EXAM_QUESTIONS + 5 }))).toBe(MAX_EXAM_QUESTIONS);
    expect(maxCountFor(null)).toBe(MAX_EXAM_QUESTIONS);
  });
});

describe('exam management (web)', () => {
  const base = (id: string, extra: Partial<Exam> = {}): Exam => ({
    id,
    title: id,
    is_subscribed: false,
    versions: [],
    ...extra,
  });

  test('versions nest under their original, also when they came on another page', () => {
    const original = base('orig', {
      versions: [
        {
          id: 'v2',
          title: 'orig (v2)',
          display_title: 'orig (v2)',
          version_number: 2,
          total_questions: 3,
          is_public: false,
          created_at: '',
          created_by: { id: 'u', username: 'u' },
        },
      ],
    });
    const v2 = base('v2', { original_exam: 'orig', version_number: 2 });
    const v3 = base('v3', { original_exam: 'orig', version_number: 3 });
    const lone = base('lone', { original_exam: 'someone-elses' });
    const nodes = buildExamTree([v3, v2, original, lone]);
    expect(nodes.map((n) => n.exam.id)).toEqual(['orig', 'lone']);
    expect(nodes[0]!.children.map((c) => c.id)).toEqual(['v2', 'v3']);
    expect(nodes[0]!.children[0]).toBe(v2); // the full record wins over the summary
    expect(treeExams(nodes).map((e) => e.id)).toEqual(['orig', 'v2', 'v3', 'lone']);
  });

  test('bulk subscription: all subscribed → unsubscribe, none → subscribe, mixed → both', () => {
    expect(subscriptionPlan([]).mode).toBe('none');
    expect(subscriptionPlan([{ id: 'a', is_subscribed: true }])).toEqual({
      mode: 'unsubscribe',
      subscribe: [],
      unsubscribe: ['a'],
    });
    expect(subscriptionPlan([{ id: 'a' }, { id: 'b', is_subscribed: false }])).toEqual({
      mode: 'subscribe',
      subscribe: ['a', 'b'],
      unsubscribe: [],
    });
    expect(subscriptionPlan([{ id: 'a', is_subscribed: true }, { id: 'b' }])).toEqual({
      mode: 'mixed',
      subscribe: ['b'],
      unsubscribe: ['a'],
    });
  });

  test('only owners and admins delete; can_edit from the server decides tag editing', () => {
    const user = { id: 'u1', role: 'user_role' as const };
    const admin = { id: 'a1', role: 'admin_role' as const };
    const mine = base('e', { created_by: { id: 'u1', username: 'kim' } });
    const theirs = base('e', { created_by: { id: 'u2', username: 'lee' } });
    expect(isExamCreator(mine, user)).toBe(true);
    expect(canDeleteExam(mine, user)).toBe(true);
    expect(canDeleteExam(theirs, user)).toBe(false);
    expect(canDeleteExam(theirs, admin)).toBe(true);
    expect(canDeleteExam(mine, null)).toBe(false);
    expect(
      canEditExam(
        {
          ...theirs,
          user_permissions: {
            is_admin: false,
            is_creator: false,
            has_study_admin_role: true,
            is_study_admin: true,
            can_edit: true,
          },
        },
        user,
      ),
    ).toBe(true);
    expect(canEditExam(theirs, user)).toBe(false);
  });

  test('list query: my, public or all; anonymous forced to public; search and repeated tags', () => {
    expect(effectiveScope('my', false, false)).toBe('public');
    expect(effectiveScope('all', true, false)).toBe('my');
    expect(effectiveScope('all', true, true)).toBe('all');
    expect(examListQuery({ scope: 'my', search: ' k8s ', tagIds: ['t1', 't2'] }, 'id')).toEqual({
      page_size: '100',
      select: 'id',
      my_exams: 'true',
      search_title: 'k8s',
      tags: ['t1', 't2'],
    });
    expect(examListQuery({ scope: 'public', search: '', tagIds: [] }, 'id')).toEqual({
      page_size: '100',
      select: 'id',
      is_public: 'true',
    });
    expect(examListQuery({ scope: 'all', search: '', tagIds: [] }, 'id')).toEqual({ page_size: '100', select: 'id' });
  });

  test('exam sheet: .xlsx/.xls only, five error details then a count, exams_{timestamp}.xlsx', () => {
    expect(isExamSheetName('exams.XLSX')).toBe(true);
    expect(isExamSheetName('exams.csv')).toBe(false);
    const details = ['1', '2', '3', '4', '5', '6', '7'];
    expect(summarizeErrorDetails(details, 7)).toEqual({ shown: ['1', '2', '3', '4', '5'], remaining: 2 });
    expect(summarizeErrorDetails(['1'], 3)).toEqual({ shown: ['1'], remaining: 2 });
    expect(examsSheetName(new Date(2025, 0, 2, 3, 4, 5))).toBe('exams_20250102_030405.xlsx');
  });
});

describe('tag manager rules (web)', () => {
  const tags = [
    tag('1', '쿠버네티스', 'Kubernetes', 5),
    tag('2', 'DevOps', 'DevOps', 9),
    tag('3', '미사용', 'Unused', 0),
    tag('4', '', 'Only English', 1),
  ];

  test('labels fall back to the other language, then to No Tag', () => {
    expect(tagLabel(tags[0]!, 'ko', 'No Tag')).toBe('쿠버네티스');
    expect(tagLabel(tags[0]!, 'en', 'No Tag')).toBe('Kubernetes');
    expect(tagLabel(tags[3]!, 'ko', 'No Tag')).toBe('Only English');
    expect(tagLabel({ name_ko: ' ', name_en: '' }, 'ko', 'No Tag')).toBe('No Tag');
  });

  test('search is a case-insensitive substring match over name_ko and name_en', () => {
    expect(searchTags(tags, 'KUBER').map((t) => t.id)).toEqual(['1']);
    expect(searchTags(tags, '쿠버').map((t) => t.id)).toEqual(['1']);
    expect(searchTags(tags, '  ').length).toBe(4);
  });

  test('popular tags: used ones only, most used first, at most 10', () => {
    expect(popularTags(tags).map((t) => t.id)).toEqual(['2', '1', '4']);
    const many = Array.from({ length: 15 }, (_, i) => tag(`t${i}`, `k${i}`, `e${i}`, i + 1));
    expect(popularTags(many)).toHaveLength(10);
  });

  test('new names are trimmed and blank ones refused; the entity is exam or study', () => {
    expect(newTagName('  CI/CD  ')).toBe('CI/CD');
    expect(newTagName('   ')).toBeNull();
    expect(isTagEntityType('exam')).toBe(true);
    expect(isTagEntityType('study')).toBe(true);
    expect(isTagEntityType('question')).toBe(false);
  });

  test('the special-domain tag is found by name, kept first and never toggled off', () => {
    expect(findTagByName(tags, 'devops')?.id).toBe('2');
    expect(findTagByName(tags, null)).toBeNull();
    expect(withRequiredTag(['1', '2'], '2')).toEqual(['2', '1']);
    expect(withRequiredTag(['1'], null)).toEqual(['1']);
    expect(toggleTagId(['2', '1'], '2', '2')).toEqual(['2', '1']);
    expect(toggleTagId(['2', '1'], '1', '2')).toEqual(['2']);
    expect(toggleTagId(['2'], '3', '2')).toEqual(['2', '3']);
  });
});
