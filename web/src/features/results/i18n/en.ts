import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  title: 'Results',
} satisfies TranslationShape<typeof ko>;

export default en;
