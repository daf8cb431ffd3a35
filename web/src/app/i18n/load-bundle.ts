import type { Language } from '#shared/domain/language.js';
import type { TranslationTree } from '../../lib/translation-shape.js';

/** One chunk per locale, so a Korean visitor never downloads the English texts and vice versa. */
export async function loadBundledTranslations(language: Language): Promise<TranslationTree> {
  const module = language === 'en' ? await import('./resources-en.js') : await import('./resources-ko.js');
  const bundle: TranslationTree = module.default;
  return bundle;
}
