import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  title: 'Home',
  hero: {
    eyebrow: 'Learn by answering questions',
    welcome: 'Welcome back, {{name}}',
    welcomeNew: 'Welcome, {{name}}',
    title: 'Build real skill through steady practice',
    lead: 'Upload question files, group them into exams and studies, and practise. Missed questions come back, mastered ones fade out — a little every day adds up.',
    start: 'Get started',
    browseStudies: 'Browse studies',
  },
  cards: {
    heading: 'What would you like to do?',
    open: 'Open',
    loginRequired: 'Login required',
    adminOnly: 'Admin',
    gettingStarted: { title: 'Getting started', description: 'New here? Learn the service in six short steps.' },
    studyManagement: {
      title: 'Study management',
      description: 'Create learning groups and track tasks and progress together.',
    },
    examManagement: {
      title: 'Exam management',
      description: 'Group questions into exams, share them and organise them with tags.',
    },
    dailyExam: {
      title: 'Daily exam',
      description: "Answer today's questions, picked from the exams you subscribe to.",
    },
    questionFiles: {
      title: 'Question files',
      description: 'Upload Excel or CSV question files and review their contents.',
    },
    randomPractice: {
      title: 'Random practice',
      description: 'Practise with questions drawn at random from your studies.',
    },
    userManagement: { title: 'User management', description: 'Manage user accounts and their roles.' },
  },
  dueToday: {
    title: 'Due today',
    review: 'Review now',
    open: 'Daily exam',
    none: 'Nothing left today: no reviews, no learning steps and no new cards.',
    line: 'Left today: {{due}}, {{learning}}, {{fresh}}.',
    due_one: '{{count}} review',
    due_other: '{{count}} reviews',
    learning_one: '{{count}} learning ({{now}} ready now)',
    learning_other: '{{count}} learning ({{now}} ready now)',
    fresh_one: '{{count}} new card',
    fresh_other: '{{count}} new cards',
    capped: 'Your backlog is larger than one read: there are more than these.',
  },
  openStudies: {
    title: 'Open studies',
    viewAll: 'Study management',
    loading: 'Loading studies...',
    empty: 'You are not in a study yet. Create one or ask to join.',
    untitled: '(untitled)',
    public: 'Public',
    private: 'Private',
    progress: 'View progress',
    columns: { study: 'Study', description: 'Description', period: 'Period', progress: 'Progress' },
  },
  recentResults: {
    review: 'Review',
    title: 'Recent results',
    viewAll: 'All results',
    loading: 'Loading recent results...',
    empty: 'No exam results yet. Take an exam to get started!',
    untitled: '(untitled)',
    columns: {
      exam: 'Exam',
      score: 'Score',
      correct: 'Correct',
      wrong: 'Wrong',
      completed: 'Completed',
      elapsed: 'Time',
      actions: 'Actions',
    },
    delete: 'Delete',
    deleteTitle: 'Delete result',
    deleteBody: 'Delete the result of "{{title}}" ({{date}})? A deleted result cannot be restored.',
    deleteConfirm: 'Delete',
    cancel: 'Cancel',
    deleted: 'Result deleted.',
    deleteFailed: 'The result could not be deleted.',
  },
} satisfies TranslationShape<typeof ko>;

export default en;
