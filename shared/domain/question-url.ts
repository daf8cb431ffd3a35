/**
 * A question's source url as stored and shown: trimmed, and "nan" in any case (what pandas and
 * spreadsheets leave in an empty cell) or no value at all is no url.
 */
export function cleanUrl(value: unknown): string {
  const url = String(value ?? '').trim();
  return url.toLowerCase() === 'nan' ? '' : url;
}
