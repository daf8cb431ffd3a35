/**
 * A time zone's name as the learner's day stores it (learner-day.ts, D120). Apart, so the profile's
 * contract (in every first visit's code) does not carry the learner-day arithmetic with it.
 */
/** The answer's code when a time zone is not an IANA zone this runtime knows. */
export const INVALID_TIME_ZONE = 'invalid_time_zone';
export const TIME_ZONE_MAX_LENGTH = 64;

/**
 * The canonical name of an IANA time zone (`asia/seoul` → `Asia/Seoul`), or null when this
 * runtime's Intl does not know it. Offsets such as `+09:00` are refused: a zone must carry its
 * daylight-saving rules.
 */
export function canonicalTimeZone(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0 || name.length > TIME_ZONE_MAX_LENGTH) return null;
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
