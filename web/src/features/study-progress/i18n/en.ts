import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  title: 'Study progress',
  subtitle: 'Your progress and study time',
  back: 'Back',
  refresh: 'Refresh',
  loading: 'Loading progress...',
  loadStudyFailed: 'Could not load the study.',
  noData: 'No progress has been recorded yet.',
  periods: { all: 'All', d1: '1 day', d7: '7 days', d30: '1 month', d365: '1 year' },
  period: 'Period',
  overallChart: 'Overall progress',
  attempted: 'Attempted',
  correct: 'Correct',
  accuracyChart: 'Accuracy by task',
  accuracy: 'Accuracy',
  noExam: 'This task has no exam.',
  summary: {
    totalTasks: 'Total tasks',
    activeTasks: 'Tasks studied',
    inactiveTasks: 'Tasks not studied',
    hasStudyTime: 'Study time recorded',
  },
  yes: 'Yes',
  no: 'No',
  taskTimes: 'Study time by task',
  noTasks: 'This study has no tasks yet.',
  dailyTimes: 'Daily study time',
  noDailyTime: 'No study time was recorded in this period.',
  totalTime: 'Total study time: {{time}}',
  duration: '{{hours}} h {{minutes}} min',
  history: 'Progress history',
  columns: {
    task: 'Task',
    exam: 'Exam',
    time: 'Study time',
    date: 'Date',
    accessCount: 'Visits',
    highestProgress: 'Highest progress',
  },
} satisfies TranslationShape<typeof ko>;
export default en;
