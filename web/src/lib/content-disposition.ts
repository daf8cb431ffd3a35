import { parse } from 'content-disposition';

/**
 * File name from a Content-Disposition header. The library prefers filename* (RFC 8187, used
 * for Korean names) over the plain filename, which may be a lossy ASCII fallback.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const name = parse(header).parameters.filename;
  return name ? sanitize(name) || null : null;
}

/** A name for the save dialog must not carry a path. */
function sanitize(name: string): string {
  return name.replace(/^.*[\\/]/, '').trim();
}
