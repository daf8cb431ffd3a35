import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import { getTranslations } from '#shared/contracts/system.js';
import { resolveLanguage, type Language } from '#shared/domain/language.js';
import { callApi } from './api-client.js';
import { setCurrentLanguage } from './current-language.js';
import { hostForLanguage } from './host.js';
import { LOCAL_KEYS, localStore } from './storage.js';
import type { TranslationTree } from './translation-shape.js';

/**
 * One i18next instance for the app. Each locale is loaded on first use: the bundled feature
 * texts (a lazy chunk per locale) plus the server's texts from GET /api/translations/, which go
 * under the `server` key (server.errors.<code>, server.roles.<role>, server.difficulty.<level>).
 */
export const i18n = i18next.createInstance();

export const SERVER_NAMESPACE_KEY = 'server';

/**
 * The spinner text shows before any translation exists, so it cannot come from the bundles.
 * docs/product.md#languages-and-hosts fixes the English text.
 */
export const LOADING_TRANSLATIONS_TEXT: Record<Language, string> = {
  ko: '번역 데이터를 불러오는 중...',
  en: 'Loading translation data...',
};

export type BundleLoader = (language: Language) => Promise<TranslationTree>;

let loadBundle: BundleLoader | null = null;
const loadedLanguages = new Map<Language, Promise<void>>();

/** docs/product.md#languages-and-hosts: saved choice, then an English host prefix, then the browser, then Korean. */
export function detectLanguage(): Language {
  return resolveLanguage({
    saved: localStore.get(LOCAL_KEYS.language),
    host: hostForLanguage(),
    browserLanguages: typeof navigator === 'undefined' ? [] : navigator.languages,
  });
}

// Loading status for the spinner, readable from React without a provider.
let loading = false;
const listeners = new Set<() => void>();
function setLoading(value: boolean) {
  loading = value;
  for (const listener of listeners) listener();
}

export function useTranslationsLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading,
  );
}

export async function initI18n(language: Language, loader: BundleLoader): Promise<void> {
  loadBundle = loader;
  await i18n.use(initReactI18next).init({
    lng: language,
    // Key parity between ko and en is tested, so a fallback would only hide mistakes.
    fallbackLng: false,
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    react: { useSuspense: false },
  });
  await applyLanguage(language);
}

function ensureLoaded(language: Language): Promise<void> {
  let pending = loadedLanguages.get(language);
  if (!pending) {
    pending = Promise.all([
      loadBundle ? loadBundle(language) : Promise.resolve({}),
      loadServerTranslations(language),
    ]).then(([bundled, server]) => {
      i18n.addResourceBundle(language, 'translation', bundled, true, true);
      if (server) i18n.addResourceBundle(language, 'translation', { [SERVER_NAMESPACE_KEY]: server }, true, true);
    });
    // A failed load (e.g. the chunk could not be fetched) may be retried on the next switch.
    pending.catch(() => loadedLanguages.delete(language));
    loadedLanguages.set(language, pending);
  }
  return pending;
}

/** The server texts are a bonus over the bundled ones: without them the app still works. */
async function loadServerTranslations(language: Language): Promise<TranslationTree | null> {
  try {
    const answer = await callApi(getTranslations, { query: { lang: language } });
    return answer.translations;
  } catch (error) {
    console.warn('server translations unavailable', error);
    return null;
  }
}

/** Loads the locale (spinner meanwhile), switches i18next, and marks the document language. */
export async function applyLanguage(language: Language): Promise<void> {
  setLoading(true);
  try {
    await ensureLoaded(language);
    setCurrentLanguage(language);
    await i18n.changeLanguage(language);
    document.documentElement.lang = language;
  } finally {
    setLoading(false);
  }
}

/** Remembers the choice so the next visit starts in it (docs/product.md#languages-and-hosts: a saved language overrides). */
export function saveLanguage(language: Language): void {
  localStore.set(LOCAL_KEYS.language, language);
}

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'ko';
}
