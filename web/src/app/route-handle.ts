/** Per-route data the layout reads: the translation key of the document title. */
export interface RouteHandle {
  titleKey: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).titleKey === 'string';
}
