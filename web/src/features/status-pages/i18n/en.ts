import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
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
} satisfies TranslationShape<typeof ko>;

export default en;
