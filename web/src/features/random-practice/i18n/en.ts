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
  questionsInStudy: '{{count}} questions',
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
