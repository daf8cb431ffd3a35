/**
 * Browser storage behind one small API. Storage can throw (private mode, full quota, disabled
 * cookies), and a failed write must never break a screen, so every access is guarded.
 */

/** localStorage keys the product uses (docs/product.md#client-caching). */
export const LOCAL_KEYS = {
  user: 'user',
  username: 'username',
  token: 'token',
  language: 'language',
  cacheEnabled: 'cacheEnabled',
  homeData: 'homeData',
  forceRefresh: 'forceRefresh',
  logoutFlag: 'logoutFlag',
  csrfToken: 'csrfToken',
} as const;

/** sessionStorage flags the product uses (docs/product.md#client-caching). */
export const SESSION_KEYS = {
  refreshProfile: 'refreshProfile',
  forceRefreshProfile: 'forceRefreshProfile',
  forceRefreshHome: 'forceRefreshHome',
  forceRefreshExamManagement: 'forceRefreshExamManagement',
  cacheDisabled: 'cacheDisabled',
  quizCount: (username: string) => `quizCount_${username}`,
} as const;

export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  keys(): string[];
  clear(): void;
  getJson<T = unknown>(key: string): T | null;
  setJson(key: string, value: unknown): void;
}

function wrap(pick: () => Storage): SafeStorage {
  const attempt = <T>(action: (storage: Storage) => T, fallback: T): T => {
    try {
      return action(pick());
    } catch {
      return fallback;
    }
  };
  return {
    get: (key) => attempt((s) => s.getItem(key), null),
    set: (key, value) => attempt((s) => s.setItem(key, value), undefined),
    remove: (key) => attempt((s) => s.removeItem(key), undefined),
    keys: () => attempt((s) => Array.from({ length: s.length }, (_, i) => s.key(i) ?? '').filter(Boolean), []),
    clear: () => attempt((s) => s.clear(), undefined),
    getJson<T>(key: string): T | null {
      const raw = attempt((s) => s.getItem(key), null);
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    setJson: (key, value) => attempt((s) => s.setItem(key, JSON.stringify(value)), undefined),
  };
}

export const localStore = wrap(() => window.localStorage);
export const sessionStore = wrap(() => window.sessionStorage);
