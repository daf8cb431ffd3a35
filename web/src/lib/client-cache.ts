import { LOCAL_KEYS, SESSION_KEYS, localStore, sessionStore, type SafeStorage } from './storage.js';

/**
 * The browser-side caches of docs/product.md#client-caching (home data in storage, per-screen force-refresh flags)
 * and the switch that turns them off. Screens that cache read isCachingEnabled() first.
 */
export interface CacheStores {
  local: SafeStorage;
  session: SafeStorage;
}

const defaults: CacheStores = { local: localStore, session: sessionStore };

/** docs/product.md#client-caching: caching is off when cacheEnabled is 'false' or the session flag cacheDisabled is 'true'. */
export function isCachingEnabled(stores: CacheStores = defaults): boolean {
  return (
    stores.local.get(LOCAL_KEYS.cacheEnabled) !== 'false' && stores.session.get(SESSION_KEYS.cacheDisabled) !== 'true'
  );
}

/** The profile switch: off also clears what is cached and sets the session flag. */
export function setCachingEnabled(enabled: boolean, stores: CacheStores = defaults): void {
  stores.local.set(LOCAL_KEYS.cacheEnabled, String(enabled));
  if (enabled) {
    stores.session.remove(SESSION_KEYS.cacheDisabled);
  } else {
    clearClientCaches(stores);
    stores.session.set(SESSION_KEYS.cacheDisabled, 'true');
  }
}

/** Keys that are settings about caching, not cached data. */
const CACHE_SETTINGS: readonly string[] = [LOCAL_KEYS.cacheEnabled, SESSION_KEYS.cacheDisabled];

/**
 * "Clear all": drops home data and every other entry named like a cache, and tells home, exam
 * management and profile to load fresh next time.
 */
export function clearClientCaches(stores: CacheStores = defaults): void {
  stores.local.remove(LOCAL_KEYS.homeData);
  for (const store of [stores.local, stores.session]) {
    for (const key of store.keys()) if (/cache/i.test(key) && !CACHE_SETTINGS.includes(key)) store.remove(key);
  }
  stores.local.set(LOCAL_KEYS.forceRefresh, String(Date.now()));
  stores.session.set(SESSION_KEYS.forceRefreshHome, 'true');
  stores.session.set(SESSION_KEYS.forceRefreshExamManagement, 'true');
  stores.session.set(SESSION_KEYS.forceRefreshProfile, 'true');
}

/** docs/product.md#client-caching: the home cache is invalidated (statistics reset, saved or ended exams). */
export function invalidateHomeCache(stores: CacheStores = defaults): void {
  stores.local.remove(LOCAL_KEYS.homeData);
  stores.session.set(SESSION_KEYS.forceRefreshHome, 'true');
  stores.local.set(LOCAL_KEYS.forceRefresh, String(Date.now()));
}

/**
 * docs/product.md#client-caching: a new question count clears exam-related caches and forces exam management and
 * home to refresh; the count is remembered per user for the session (quizCount_{username}).
 */
export function applyQuestionCountChange(username: string, count: number, stores: CacheStores = defaults): void {
  invalidateHomeCache(stores);
  stores.session.set(SESSION_KEYS.forceRefreshExamManagement, 'true');
  stores.session.set(SESSION_KEYS.quizCount(username), String(count));
}
