import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  title: 'Voice mode',
  toggle: 'Voice mode',
  description: 'Questions are read aloud and your spoken answers are graded.',
  status: {
    off: 'Off',
    initializing: 'Preparing the microphone...',
    connected: 'Connected',
    speaking: 'Reading aloud...',
    listening: 'Listening... say your answer',
    submitting: 'Sending your answer...',
    evaluating: 'Grading...',
    completed: 'Exam completed',
  },
  interim: 'Hearing: {{text}}',
  heard: 'Your answer: {{text}}',
  correct: 'Correct!',
  incorrect: 'Incorrect.',
  reason: 'Reason: {{reason}}',
  nextHint: 'Go to the next question and it will be read aloud.',
  listenAgain: 'Listen again',
  qualityWarning: 'Your voice is hard to recognise. Please speak clearly, close to the microphone, somewhere quiet.',
  notices: {
    notSupported: 'This browser does not support speech recognition. Please use Chrome or Edge.',
    noExamId: 'Voice mode cannot start without an exam.',
    permissionDenied: 'Microphone access was denied. Allow the microphone in your browser settings and try again.',
    networkFailed:
      'Speech recognition stopped because of a network problem. Check your connection and press Listen again.',
    evaluationError: 'An error occurred while evaluating your answer. It was graded by word match instead.',
  },
  localReason: {
    exact: 'It matches the answer.',
    word_match: 'You said enough of the answer’s key words.',
    too_few_words: 'Not enough of the answer’s key words were said.',
    empty: 'No answer was recognised.',
  },
  speech: {
    completed: 'You have finished every question. Well done!',
    wrong: 'Incorrect. {{reason}} Please try again.',
  },
} satisfies TranslationShape<typeof ko>;

export default en;
