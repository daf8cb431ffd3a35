import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  notAvailable: {
    badge: 'Coming soon',
    title: 'This screen is not available yet',
    description: 'The {{screen}} screen is on its way and will be available in an upcoming update.',
    home: 'Go to home',
  },
  notFound: {
    title: 'Page not found',
    description: 'This address does not exist or has moved. Check the address or start again from home.',
    home: 'Go to home',
  },
  routeError: {
    title: 'This page could not be loaded',
    description: 'The connection may be unstable or a new version was just released. Reloading usually fixes it.',
    timeout: 'The page is taking too long to load. Check your connection and reload.',
    reload: 'Reload',
    home: 'Go to home',
  },
  screens: {
    takeExam: 'Take exam',
    randomPractice: 'Random practice',
    results: 'Results',
    examDetail: 'Exam detail',
    favorites: 'Favorites',
    studyManagement: 'Study management',
    studyDetail: 'Study detail',
    studyProgressDashboard: 'Study progress',
    memberManagement: 'Member management',
  },
} satisfies TranslationShape<typeof ko>;

export default en;
