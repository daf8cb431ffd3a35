import { buildPath, type RouteContract, type ResponseOf } from '#shared/contracts/define-route.js';
import { errorAnswer } from '#shared/contracts/error-answer.js';
import type { z } from 'zod/mini';
import { csrfTokenForRequest, refreshCsrfToken } from './csrf.js';
import { getCurrentLanguage } from './current-language.js';

export interface ApiIssue {
  path: (string | number)[];
  message: string;
}

/**
 * Every failed call surfaces as this. `code` is the server's stable error code (or one of the
 * client codes below); `detail` is already in the caller's language when the server wrote it.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly issues: ApiIssue[] | undefined;
  readonly requestId: string | undefined;

  constructor(init: { status: number; code: string; detail: string; issues?: ApiIssue[]; requestId?: string }) {
    super(`${init.status} ${init.code}: ${init.detail}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.issues = init.issues;
    this.requestId = init.requestId;
  }
}

/** Codes the client itself raises; the UI translates them (app.errors.*). */
export const CLIENT_ERROR_CODES = {
  network: 'network_error',
  invalidResponse: 'invalid_response',
} as const;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface CallInput<C extends RouteContract> {
  params?: z.input<C['params']>;
  query?: Partial<z.input<C['query']>> & Record<string, QueryValue>;
  /** JSON routes take the contract's body; multipart routes take a FormData. */
  body?: z.input<C['body']> | FormData;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The request URL of a contract: path parameters filled, query parameters appended in order. */
export function urlFor<C extends RouteContract>(
  contract: C,
  input: Pick<CallInput<C>, 'params' | 'query'> = {},
): string {
  const path = buildPath(contract.path, (input.params ?? {}) as Record<string, string | number>);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else search.append(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Calls a route and returns its answer parsed with the contract's response schema. */
export async function callApi<C extends RouteContract>(contract: C, input: CallInput<C> = {}): Promise<ResponseOf<C>> {
  const response = await send(contract, input, 'application/json');
  if (!response.ok) throw await toApiError(response);
  const text = response.status === 204 ? '' : await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    throw invalidResponse(response.status, []);
  }
  const parsed = contract.response.safeParse(data);
  if (!parsed.success) {
    throw invalidResponse(
      response.status,
      parsed.error.issues.map((issue) => ({
        path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
        message: issue.message,
      })),
    );
  }
  return parsed.data as ResponseOf<C>;
}

export interface FetchedFile {
  blob: Blob;
  /** From Content-Disposition (filename* preferred), else the fallback given by the caller. */
  fileName: string;
}

/** Calls a route whose answer is a file (xlsx exports) and returns it with its name. */
export async function fetchFile<C extends RouteContract>(
  contract: C,
  input: CallInput<C> = {},
  fallbackName = 'download',
): Promise<FetchedFile> {
  const response = await send(contract, input, '*/*');
  if (!response.ok) throw await toApiError(response);
  const blob = await response.blob();
  // Loaded on the first download: the header parser stays out of the first visit's JavaScript.
  const { fileNameFromDisposition } = await import('./content-disposition.js');
  return { blob, fileName: fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName };
}

/** Like fetchFile, then hands the file to the browser's save flow. Returns the name used. */
export async function downloadFile<C extends RouteContract>(
  contract: C,
  input: CallInput<C> = {},
  fallbackName = 'download',
): Promise<string> {
  const { blob, fileName } = await fetchFile(contract, input, fallbackName);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoking at once can cancel the download in some browsers; give it a moment.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return fileName;
}

async function send<C extends RouteContract>(
  contract: C,
  input: CallInput<C>,
  accept: string,
  csrfRetried = false,
): Promise<Response> {
  const headers = new Headers({ Accept: accept, 'Accept-Language': getCurrentLanguage(), ...input.headers });
  let body: BodyInit | undefined;
  if (input.body !== undefined && contract.bodyKind !== 'none') {
    if (input.body instanceof FormData) {
      body = input.body; // the browser sets the multipart boundary itself
    } else {
      body = JSON.stringify(input.body);
      headers.set('Content-Type', 'application/json');
    }
  }
  const unsafe = UNSAFE_METHODS.has(contract.method);
  if (unsafe) headers.set('X-CSRFToken', await csrfTokenForRequest());

  let response: Response;
  try {
    response = await fetch(urlFor(contract, input), {
      method: contract.method,
      headers,
      body,
      credentials: 'include',
      signal: input.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, detail: 'The server could not be reached.' });
  }

  // A token rotated by another tab or a new session fails once; fetch a fresh one and retry once.
  if (unsafe && !csrfRetried && response.status === 403) {
    const error = await toApiError(response.clone());
    if (error.code === 'csrf_failed') {
      await refreshCsrfToken();
      return send(contract, input, accept, true);
    }
  }
  return response;
}

async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const parsed = errorAnswer().safeParse(payload);
  if (parsed.success) return new ApiError({ status: response.status, ...parsed.data });
  return new ApiError({
    status: response.status,
    code: `http_${response.status}`,
    detail: response.statusText || `HTTP ${response.status}`,
  });
}

function invalidResponse(status: number, issues: ApiIssue[]): ApiError {
  return new ApiError({
    status,
    code: CLIENT_ERROR_CODES.invalidResponse,
    detail: 'The server answer did not have the expected shape.',
    issues,
  });
}
