import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  title: 'Results',
  subtitle: 'Scores and times of the exams you have taken.',
  allResults: 'All results',
  filtered: 'Showing the results of one exam.',
  refresh: 'Refresh',
  loading: 'Loading results...',
  loadingMore: 'Loading more results...',
  empty: 'No exam results yet.',
  emptyHint: 'Take an exam and submit it; its result will appear here.',
  noResultsToast: 'There are no exam results to show.',
  listTitle: 'Result list',
  count: '{{count}} in total',
  columns: {
    exam: 'Exam',
    study: 'Study',
    score: 'Score',
    correct: 'Correct',
    wrong: 'Wrong',
    elapsed: 'Time',
    manage: 'Manage',
  },
  noStudy: '-',
  untitled: '(untitled)',
  completedAt: 'Completed {{date}}',
  actions: {
    redo: 'Redo',
    continue: 'Continue',
    delete: 'Delete',
    deleteTitle: 'Delete result',
    deleteBody: 'Delete the result of "{{title}}" ({{date}})? A deleted result cannot be restored.',
    deleteConfirm: 'Delete',
    cancel: 'Cancel',
    deleted: 'Result deleted.',
    deleteFailed: 'The result could not be deleted.',
  },
  pagination: {
    label: 'Result pages',
    first: 'First',
    previous: 'Previous',
    next: 'Next',
    last: 'Last',
    page: 'Page {{page}}',
    range: '{{from}}–{{to}} / {{total}}',
  },
  errors: {
    loginRequired: 'Please log in again to see your results.',
    accessDenied: 'You do not have permission to see these results.',
    notFound: 'The results could not be found.',
    loadFailed: 'The exam results could not be loaded.',
    retry: 'Try again',
  },
} satisfies TranslationShape<typeof ko>;

export default en;
