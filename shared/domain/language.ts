import * as z from 'zod/mini';

export const LANGUAGES = ['ko', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** A factory, not a schema built at import: contracts and entity schemas are built on first use (D99). */
export const languageSchema = () => z.enum(LANGUAGES);
export const DEFAULT_LANGUAGE: Language = 'ko';

export function isLanguage(value: unknown): value is Language {
  return value === 'ko' || value === 'en';
}

/** docs/product.md#languages-and-hosts: on hosts starting with us., devops. or leetcode. English is the default. */
const ENGLISH_HOST_PREFIXES = ['us.', 'devops.', 'leetcode.'];

/**
 * The language rule of docs/product.md#languages-and-hosts: a saved choice wins, then an English host prefix,
 * then a browser language starting with "ko", then Korean as the display default.
 */
export function resolveLanguage(input: {
  saved?: string | null;
  host?: string | null;
  browserLanguages?: readonly string[];
}): Language {
  if (isLanguage(input.saved)) return input.saved;
  const host = (input.host ?? '').toLowerCase();
  if (ENGLISH_HOST_PREFIXES.some((prefix) => host.startsWith(prefix))) return 'en';
  const browser = input.browserLanguages ?? [];
  if (browser.length > 0) return browser[0]!.toLowerCase().startsWith('ko') ? 'ko' : 'en';
  return DEFAULT_LANGUAGE;
}

/**
 * Localised field with fallback: the requested language, then the other, then the plain field.
 * Used for titles, contents and answers (docs/product.md#languages-and-hosts).
 */
export function pickLocalized(record: Record<string, unknown>, field: string, language: Language): string {
  const other: Language = language === 'ko' ? 'en' : 'ko';
  for (const key of [`${field}_${language}`, `${field}_${other}`, field]) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return '';
}
