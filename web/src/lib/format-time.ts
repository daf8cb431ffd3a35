/** Times and dates as the result lists and the exam timer show them (one formatter for every screen). */

/** docs/product.md#limits: minutes:seconds with padded seconds (75 → "1:15"). */
export function formatElapsed(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(safe / 60);
  return `${minutes}:${String(safe % 60).padStart(2, '0')}`;
}

/** Completion date and time in the screen's language; '-' for an unreadable date. */
export function formatCompletedAt(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'ko-KR', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}
