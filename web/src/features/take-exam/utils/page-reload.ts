/**
 * The screen is the page the browser reloaded: the first location of the document (react-router's
 * "default" key) and a reload by the document's own account. Reached through the app, or opened from
 * a link outside it, it is not.
 */
export function isPageReload(locationKey: string): boolean {
  if (locationKey !== 'default' || typeof performance === 'undefined') return false;
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload';
}
