import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  brandHome: 'Quizbank home',
  mainMenu: 'Main menu',
  intro: 'Introduction',
  home: 'Home',
  study: 'Study',
  exam: 'Exam',
  review: 'Review',
  results: 'Results',
  login: 'Log in',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  userMenu: 'User menu',
  profile: 'Profile',
  favorite: 'Favorite',
  logout: 'Log out',
  footer: {
    tagline: 'Upload question files, group them into exams and studies, and practise a little every day.',
    exampleStudies: 'Example studies',
    exampleStudyDevops: 'DevOps interview study',
    exampleStudyInterview: 'English interview study',
    legal: 'Legal',
    privacyPolicy: 'Privacy policy',
    termsOfService: 'Terms of service',
    about: 'About',
    company: 'Service',
    rights: '© {{year}} Quizbank. All rights reserved.',
    opensInNewTab: '(opens in a new tab)',
  },
} satisfies TranslationShape<typeof ko>;

export default en;
