import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  title: 'Getting started',
  eyebrow: 'Getting started',
  heading: 'Get going in six steps',
  lead: 'New here? Follow these steps and a single question file becomes exams, studies and daily practice.',
  stepLabel: 'Step {{number}}',
  go: 'Go there',
  steps: {
    uploadFiles: {
      title: 'Upload question files',
      description:
        'Upload your questions as an Excel or CSV file. Questions, answers and explanations can hold Korean and English side by side.',
    },
    createStudy: {
      title: 'Create a study',
      description: 'Create a learning group, set its goal, period and tasks, and invite members.',
    },
    createExam: {
      title: 'Create an exam',
      description: 'Pick questions from your files to build an exam. Organise it with tags and link it to study tasks.',
    },
    startPractice: {
      title: 'Start practising',
      description:
        'Take the exam. Retake only the questions you missed, or mix questions from your studies in random practice.',
    },
    setupProfile: {
      title: 'Set up email and profile',
      description: "Verify your email and choose how many questions a day you want, and today's quiz arrives by email.",
    },
    viewResults: {
      title: 'View your results',
      description: 'Check scores, time taken and per-question accuracy, then practise your weak spots again.',
    },
  },
  backHome: 'Back to home',
} satisfies TranslationShape<typeof ko>;

export default en;
