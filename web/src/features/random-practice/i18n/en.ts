import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  title: 'Random practice',
  subtitle: 'Practise with questions drawn at random from a study’s exams.',
  loading: 'Loading...',
  loadFailed: 'Could not load the studies.',
  noStudies: 'You have not joined any study.',
  findStudy: 'Find a study to join',
  select: 'Select',
  period: '{{start}} – {{end}}',
  progress: 'Progress {{value}}%',
  questionsInStudy_one: '{{count}} question',
  questionsInStudy_other: '{{count}} questions',
  settings: {
    title: 'Practice settings',
    count: 'Number of questions (1 – {{max}})',
    start: 'Start',
    another: 'Choose another study',
  },
  question: {
    next: 'Next',
    finish: 'Finish',
    counter: '{{n}} / {{total}}',
    elapsed: 'Elapsed {{time}}',
    submit: 'Submit',
    skip: 'Skip',
    end: 'End',
  },
  saved: {
    saving: 'Saving your answers…',
    counted_one:
      'Your {{count}} answer counts as practice: once in your results (under this study), your question statistics, your review history and the study’s progress.',
    counted_other:
      'Your {{count}} answers count as practice: once each in your results (under this study), your question statistics, your review history and the study’s progress.',
    results: 'See your results',
    failed: 'Your answers could not be saved, so they count nowhere yet.',
    retry: 'Save again',
  },
  result: {
    retryMissed: 'Retry the missed ones',
    back: 'Back to the practice settings',
  },
  startFailed: 'Could not start the practice.',
  noQuestions: 'There are no questions to practise.',
  entry: {
    loading: 'Still loading your data. Please try again in a moment.',
    noStudies: 'You have not joined any study. Taking you to study management.',
  },
} satisfies TranslationShape<typeof ko>;
export default en;
