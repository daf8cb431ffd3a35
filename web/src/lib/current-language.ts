import { DEFAULT_LANGUAGE, type Language } from '#shared/domain/language.js';

/**
 * The language in use, kept apart from i18n.ts so the API client can send Accept-Language
 * without importing i18n (which itself calls the API for the server translations).
 */
let current: Language = DEFAULT_LANGUAGE;

export function getCurrentLanguage(): Language {
  return current;
}

export function setCurrentLanguage(language: Language): void {
  current = language;
}
