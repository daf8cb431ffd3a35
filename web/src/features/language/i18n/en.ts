import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  switchTo: '한국어로 전환',
} satisfies TranslationShape<typeof ko>;

export default en;
