import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  title: 'Review',
  loading: 'Loading your reviews…',
  loadFailed: 'Your reviews could not be loaded.',
  retry: 'Try again',
  pending_one: '{{count}} grade has not been sent yet. It is sent again as soon as you are online.',
  pending_other: '{{count}} grades have not been sent yet. They are sent again as soon as you are online.',
  filter: {
    exam: 'Reviewing this exam’s questions only.',
    study: 'Reviewing this study’s task questions only.',
    all: 'Review everything',
  },
  counts: {
    new: 'New',
    learning: 'Learning',
    due: 'Due',
    readyNow_one: '({{count}} ready now)',
    readyNow_other: '({{count}} ready now)',
  },
  kind: {
    new: 'New',
    learning: 'Learning',
    due: 'Review',
  },
  card: {
    show: 'Show answer',
    check: 'Check answer',
    answer: 'Answer',
    yourAnswer: 'Your answer',
    correctAnswer: 'Correct answer',
    explanation: 'Explanation',
  },
  grade: {
    label: 'How well did you remember?',
    again: 'Again',
    hard: 'Hard',
    good: 'Good',
    easy: 'Easy',
  },
  undo: {
    button: 'Undo (Z)',
    done: 'The last grade was taken back.',
    nothing: 'There is no grade to undo.',
    failed: 'The grade could not be taken back.',
  },
  done: {
    title: 'You are done for today',
    body: 'Nothing is waiting for review right now. Come back tomorrow.',
    learningLater: 'A question you are learning comes back at {{time}}.',
    home: 'Home',
  },
  leeches: {
    title: 'Questions that keep slipping',
    description: 'Failed 8 times or more. Reword the question, or leave it out of your reviews.',
    badge: 'Leech',
    failures_one: 'Failed {{count}} time',
    failures_other: 'Failed {{count}} times',
    edit: 'Edit',
    ignore: 'Ignore',
    ignored: 'The question is left out of your reviews.',
    ignoreFailed: 'The question could not be ignored.',
  },
  shortcuts: {
    title: 'Keyboard shortcuts',
    button: 'Shortcuts (?)',
    keys: {
      reveal: 'Space / Enter',
      grade: '1 / 2 / 3 / 4',
      accept: 'Space / Enter',
      undo: 'Z',
      help: '?',
    },
    does: {
      reveal: 'Show the answer (in the answer box, Enter checks it; Shift+Enter is a new line)',
      grade: 'After the answer: Again / Hard / Good / Easy',
      accept: 'After the answer: take the proposed grade (Good when none)',
      undo: 'Take back the last grade',
      help: 'Open this list of keys',
    },
  },
} satisfies TranslationShape<typeof ko>;

export default en;
