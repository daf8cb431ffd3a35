import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { useTranslation } from 'react-i18next';
import type { RouteContract, ResponseOf } from '../../../shared/contracts/define-route.js';
import { ApiError, callApi, urlFor, type CallInput } from './api-client.js';

/**
 * SWR over a GET contract. Features wrap it in one hook per endpoint (features/<name>/api/):
 *
 *   export const useStudies = () => useApi(getStudies);
 *   export const useExam = (examId?: string) => useApi(getExam, examId ? { params: { examId } } : null);
 *
 * The key holds the language because answers (error details, localized labels) depend on it.
 * Pass `null` as input to wait (conditional fetching). Writes go through callApi, then
 * `mutate(isKeyOf(contract))` refreshes the cached reads.
 */
export function useApi<C extends RouteContract>(
  contract: C,
  input: CallInput<C> | null = {},
  config?: SWRConfiguration<ResponseOf<C>, ApiError>,
): SWRResponse<ResponseOf<C>, ApiError> {
  if (contract.method !== 'GET') throw new Error(`useApi reads only; ${contract.method} ${contract.path} needs callApi`);
  const { i18n } = useTranslation();
  const key = input === null ? null : apiKey(contract, input, i18n.language);
  return useSWR<ResponseOf<C>, ApiError>(key, () => callApi(contract, input ?? {}), config);
}

export type ApiKey = readonly ['api', string, string, string];

export function apiKey<C extends RouteContract>(contract: C, input: CallInput<C>, language: string): ApiKey {
  return ['api', contract.path, urlFor(contract, input), language] as const;
}

/**
 * A matcher for SWR's `mutate(matcher)` that hits every cached answer of a contract,
 * whatever its parameters: `mutate(isKeyOf(getStudies))` after a save.
 */
export function isKeyOf(contract: RouteContract): (key: unknown) => boolean {
  return (key) => Array.isArray(key) && key[0] === 'api' && key[1] === contract.path;
}
