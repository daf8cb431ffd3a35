import { useTranslation } from 'react-i18next';
import useSWR, { mutate as revalidateCache, preload, type SWRConfiguration, type SWRResponse } from 'swr';
import type { RouteContract, ResponseOf } from '#shared/contracts/define-route.js';
import { ApiError, callApi, urlFor, type CallInput } from './api-client.js';
import { detectLanguage, i18n } from './i18n.js';

/**
 * The read side of the API layer. Each endpoint has one file in its feature's `api/` that
 * wraps these (docs/contributing.md):
 *
 *   export const useStudies = () => useApi(getStudies);
 *   export const useExam = (examId?: string) => useApi(getExam, examId ? { params: { examId } } : null);
 *
 * and each write there ends with `invalidate(<the contracts it changes>)`, so no screen refreshes
 * a cache itself. Keys hold the language because answers (error details, localized labels)
 * depend on it. Pass `null` as input to wait (conditional fetching).
 */
export function useApi<C extends RouteContract>(
  contract: C,
  input: CallInput<C> | null = {},
  config?: SWRConfiguration<ResponseOf<C>, ApiError>,
  read: ApiReader<C> = callApi,
): ApiRead<ResponseOf<C>> {
  assertRead(contract);
  const { i18n } = useTranslation();
  const key = input === null ? null : apiKey(contract, input, i18n.language);
  const swr = useSWR<ResponseOf<C>, ApiError>(key, () => read(contract, input ?? {}), config);
  // SWR's answer stays the prototype, not spread: its fields are getters that track what a screen reads.
  return Object.assign(Object.create(swr) as typeof swr, { reload: () => swr.mutate() });
}

/**
 * Starts a read before its screen renders (from a route's loader), so the data and the screen's
 * chunk download side by side instead of one after the other; the screen's `useApi` with the same
 * input takes the answer over (SWR `preload`) instead of asking again. Before the translations
 * are loaded the language is the one start-up is loading. Resolves to the answer (undefined on a
 * failure, which the screen reports).
 */
export function preloadApi<C extends RouteContract>(
  contract: C,
  input: CallInput<C>,
  read: ApiReader<C> = callApi,
): Promise<ResponseOf<C> | undefined> {
  assertRead(contract);
  const language = i18n.isInitialized ? i18n.language : detectLanguage();
  const headers = { ...input.headers, 'Accept-Language': language };
  // The screen's useSWR gets the same promise and handles its failure; this only keeps an early
  // failure from being reported as unhandled before the screen mounts.
  return preload(apiKey(contract, input, language), () => read(contract, { ...input, headers })).catch(() => undefined);
}

/** How a read is fetched: one call, or (paged answers such as an exam's questions) a loop of them. */
export type ApiReader<C extends RouteContract> = (contract: C, input: CallInput<C>) => Promise<ResponseOf<C>>;

/** An SWR answer plus `reload`, the "try again" of a screen whose read failed. */
export type ApiRead<T> = SWRResponse<T, ApiError> & { reload(): Promise<unknown> };

export type ApiKey = readonly ['api', string, string, string];

export function apiKey<C extends RouteContract>(contract: C, input: CallInput<C>, language: string): ApiKey {
  return ['api', contract.path, urlFor(contract, input), language] as const;
}

/** A matcher for SWR's `mutate(matcher)` that hits every cached answer of a contract, whatever its parameters. */
export function isKeyOf(contract: RouteContract): (key: unknown) => boolean {
  return (key) => Array.isArray(key) && key[0] === 'api' && key[1] === contract.path;
}

/**
 * Paged lists (use-api-pages.ts) bump a version per contract instead: SWR's matcher skips
 * infinite keys, and a new key also makes sure no page of the old list comes back from cache.
 */
const listVersions = new Map<string, number>();
const versionListeners = new Set<() => void>();

export function subscribeListVersions(listener: () => void): () => void {
  versionListeners.add(listener);
  return () => versionListeners.delete(listener);
}

export function listVersion(contract: RouteContract): number {
  return listVersions.get(contract.path) ?? 0;
}

/**
 * After a write: every cached read of these contracts, whatever their parameters, loads again
 * (mounted screens at once, the others when they next mount). Resolves when the mounted ones
 * have their fresh answers.
 */
export async function invalidate(...contracts: RouteContract[]): Promise<void> {
  for (const contract of contracts) listVersions.set(contract.path, (listVersions.get(contract.path) ?? 0) + 1);
  for (const listener of versionListeners) listener();
  await Promise.all(contracts.map((contract) => revalidateCache(isKeyOf(contract))));
}

/**
 * Runs a write, then `invalidate`s what it changes — also when it failed, since a failed call
 * may still have changed part of the data (a bulk action, a lost answer).
 */
export async function writeThenInvalidate<T>(write: () => Promise<T>, ...changed: RouteContract[]): Promise<T> {
  try {
    return await write();
  } finally {
    await invalidate(...changed);
  }
}

/**
 * After a write whose answer is the new state of a read: every cached answer of `contract`
 * becomes what `update` makes of it, without asking the server again.
 */
export async function updateCached<C extends RouteContract>(
  contract: C,
  update: (current: ResponseOf<C> | undefined) => ResponseOf<C> | undefined,
): Promise<void> {
  await revalidateCache<ResponseOf<C>>(isKeyOf(contract), update, { revalidate: false });
}

export function assertRead(contract: RouteContract): void {
  if (contract.method !== 'GET') throw new Error(`reads only; ${contract.method} ${contract.path} needs callApi`);
}
