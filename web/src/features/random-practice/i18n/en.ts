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
    counter: '{{n}} / {{total}}',
    elapsed: 'Elapsed {{time}}',
    showAnswer: 'Show answer',
    hideAnswer: 'Hide answer',
    answerLabel: 'Your answer',
    submit: 'Submit',
    skip: 'Skip',
    end: 'End',
    answer: 'Answer: {{answer}}',
    correct: 'Correct!',
    wrong: 'Wrong.',
  },
  result: {
    title: 'Practice result',
    score: '{{correct}} of {{total}} correct',
    accuracy: 'Accuracy {{value}}%',
    elapsed: 'Time {{time}}',
    close: 'Close',
    restart: 'Restart',
  },
  startFailed: 'Could not start the practice.',
  noQuestions: 'There are no questions to practise.',
  entry: {
    loading: 'Still loading your data. Please try again in a moment.',
    noStudies: 'You have not joined any study. Taking you to study management.',
  },
} satisfies TranslationShape<typeof ko>;
export default en;
