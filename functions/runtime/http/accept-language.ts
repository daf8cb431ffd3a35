import preferredLanguages from 'negotiator/lib/language.js';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/domain/language.js';

/**
 * The caller's preferred language of ours by the Accept-Language header (negotiator: q-values,
 * `ko-KR` matching `ko`, `*`, `q=0` as "not this one"), Korean when nothing matches.
 */
export function languageFromAcceptHeader(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const [best] = preferredLanguages(header, [...LANGUAGES]);
  return LANGUAGES.find((language) => language === best) ?? DEFAULT_LANGUAGE;
}
