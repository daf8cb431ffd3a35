import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  title: 'Questions from notes',
  subtitle:
    'Paste your notes or upload a file to get gap (cloze) cards and question/answer pairs. Edit and choose them, then save them as a private question file.',
  toQuestionFiles: 'Go to question files',
  fromNotesLink: 'Make questions from notes',
  tiers: {
    rules: 'rules',
    model: 'model',
    rulesOnly:
      'Questions are made by rules on this device (no network request). Making them by a model is off on this server.',
    rulesAndModel_one:
      'Questions are made by rules on this device, or by a model on the server when you ask (your notes are then sent to the server). {{count}} model request left today.',
    rulesAndModel_other:
      'Questions are made by rules on this device, or by a model on the server when you ask (your notes are then sent to the server). {{count}} model requests left today.',
    madeBy: 'Made by {{tier}}',
  },
  model: {
    generate: 'Make them by a model',
    generating: 'The model is reading the notes... (up to 30 seconds)',
    failed: 'The model could not make questions. Please try again shortly.',
    dropped_one: '{{count}} question the model proposed was left out: its source sentence is not in the notes.',
    dropped_other: '{{count}} questions the model proposed were left out: their source sentence is not in the notes.',
  },
  input: {
    title: 'Notes',
    text: 'Notes (text or Markdown)',
    textHint: 'Korean or English. Up to {{words}} words are read.',
    file: 'Or a file (.txt, .md, .docx, .pdf)',
    fileHint: 'Up to 10 MB. The file is read inside this browser.',
    fromFile: 'Notes read from {{name}}.',
    language: 'Language of the notes',
    languages: { auto: 'Detect', ko: 'Korean', en: 'English' },
    generate: 'Make questions',
    reading: 'Reading the file...',
    generating: 'Making questions... {{percent}}%',
    problems: {
      extension: 'Only .txt, .md, .docx and .pdf files can be read.',
      empty: 'The file is empty.',
      tooLarge: 'Files over 10 MB are not read.',
      unpackedTooLarge: 'This .docx would unpack to far too much data, so it was not read.',
      noText: 'No text found. The PDF may be encrypted or made of images only.',
      unreadable: 'This file could not be read. It may be damaged or in another format.',
      noNotes: 'Paste some notes or choose a file.',
      noCandidates: 'No questions could be made from these notes. Try notes with more sentences.',
      loadFailed: 'The question maker could not be loaded. Check your connection and try again.',
      modelOff: 'Making questions by a model is off on this server. Make them by rules instead.',
    },
  },
  review: {
    title: 'Proposed questions',
    count_one: '{{kept}} of {{count}} chosen',
    count_other: '{{kept}} of {{count}} chosen',
    capped: 'The notes have {{words}} words: only the first {{max}} were read.',
    candidatesCapped: 'Many questions were found: only the first {{max}} are shown.',
    keepAll: 'Choose all',
    dropAll: 'Clear all',
    back: 'Edit the notes',
    keep: 'Save this question',
    question: 'Question',
    answer: 'Answer',
    answers: 'Gap answers',
    source: 'Source: {{source}}',
    kinds: { cloze: 'Gap', definition: 'Definition', list: 'List', table: 'Table', question: 'Question' },
    clozeHint: 'Each numbered gap such as {{example}} becomes one card.',
    item: 'Question {{number}}',
  },
  save: {
    fileName: 'File name',
    fileNameHint: 'Saved as a private question file; the import report follows.',
    submit_one: 'Save {{count}} question',
    submit_other: 'Save {{count}} questions',
    saving: 'Saving...',
    exists: 'A file named {{name}} already exists. Choose another name.',
    failed: 'The questions could not be saved. Please try again shortly.',
    explanation: 'Source: {{source}} (made by {{tier}})',
    saved: 'Saved to {{name}}.',
    again: 'Start from other notes',
    open: 'See question files',
  },
} satisfies TranslationShape<typeof ko>;

export default en;
