import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  title: "Today's quiz",
  opening: "Opening today's quiz...",
  loginRequired: 'Please sign in first.',
  failed: "Could not create today's quiz.",
  subscriptions: 'Choose subscribed exams',
  home: 'Home',
} satisfies TranslationShape<typeof ko>;

export default en;
