/** docs/product.md#limits: results page size 10, up to 5 page buttons. */
export const RESULTS_PAGE_SIZE = 10;
export const RESULTS_PAGE_BUTTONS = 5;
/** Results asked for per request: the contract's largest page; the screen pages through them locally. */
export const RESULTS_FETCH_SIZE = 100;

export function pageCount(total: number, pageSize = RESULTS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

export function clampPage(page: number, total: number, pageSize = RESULTS_PAGE_SIZE): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.floor(page)), pageCount(total, pageSize));
}

/** Up to `buttons` page numbers around the current page, shifted at both ends to keep the count. */
export function pageWindow(current: number, pages: number, buttons = RESULTS_PAGE_BUTTONS): number[] {
  if (pages <= 0) return [];
  const size = Math.min(buttons, pages);
  let start = Math.max(1, current - Math.floor(size / 2));
  start = Math.min(start, pages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** The "11–20 / 57" figures of a page: first and last shown (1-based) and the total. */
export function pageRange(
  page: number,
  total: number,
  pageSize = RESULTS_PAGE_SIZE,
): { from: number; to: number; total: number } {
  if (total <= 0) return { from: 0, to: 0, total: 0 };
  const current = clampPage(page, total, pageSize);
  const from = (current - 1) * pageSize + 1;
  return { from, to: Math.min(total, current * pageSize), total };
}

/** The slice of the loaded results a page shows. */
export function pageItems<T>(items: readonly T[], page: number, pageSize = RESULTS_PAGE_SIZE): T[] {
  const start = (Math.max(1, page) - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

export type ResultsLoadError = 'loginRequired' | 'accessDenied' | 'notFound' | 'loadFailed';

/** docs/product.md#errors: 401 login required, 403 access denied, 404 not found, anything else load failed. */
export function resultsLoadError(status: number | undefined): ResultsLoadError {
  if (status === 401) return 'loginRequired';
  if (status === 403) return 'accessDenied';
  if (status === 404) return 'notFound';
  return 'loadFailed';
}

/** The take-exam addresses of the admin management column (docs/product.md#results). */
export function redoPath(examId: string): string {
  return `/take-exam/${encodeURIComponent(examId)}?returnTo=results`;
}

export function continuePath(examId: string, resultId: string): string {
  return `/take-exam/${encodeURIComponent(examId)}?continue=true&result_id=${encodeURIComponent(resultId)}&returnTo=results`;
}
