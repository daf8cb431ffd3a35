import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  privacy: { title: 'Privacy policy' },
  terms: { title: 'Terms of service' },
  lastUpdated: 'Last updated: {{date}}',
  englishOnly: 'This document is provided in English.',
  contactHeading: 'Contact',
  contactText: 'If you have any questions about this document, contact us by email:',
} satisfies TranslationShape<typeof ko>;

export default en;
