/**
 * A time zone's name as the learner's day stores it (learner-day.ts, D120). Apart, so the profile's
 * contract (in every first visit's code) does not carry the learner-day arithmetic with it.
 */
/** The answer's code when a time zone is not an IANA zone this runtime knows. */
export const INVALID_TIME_ZONE = 'invalid_time_zone';
export const TIME_ZONE_MAX_LENGTH = 64;
/** The zone of a learner who never chose one. */
export const DEFAULT_TIME_ZONE = 'Asia/Seoul';

/** Answers of canonicalTimeZone by name (null for an unknown one), for the life of the process. */
const canonicalNames = new Map<string, string | null>();
const MAX_REMEMBERED_ZONES = 600;

/**
 * The canonical name of an IANA time zone (`asia/seoul` → `Asia/Seoul`), or null when this
 * runtime's Intl does not know it. Offsets such as `+09:00` are refused: a zone must carry its
 * daylight-saving rules.
 */
export function canonicalTimeZone(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0 || name.length > TIME_ZONE_MAX_LENGTH) return null;
  // Every signed-in request parses its caller's zone, nearly always the default: asking Intl would
  // load its time-zone data (~20 ms of a cold request, D409) on routes that never use a date.
  if (name === DEFAULT_TIME_ZONE) return name;
  const known = canonicalNames.get(name);
  if (known !== undefined) return known;
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return null;
  let canonical: string | null;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    canonical = null;
  }
  // Bounded: a stream of made-up names cannot grow it past a few hundred entries.
  if (canonicalNames.size < MAX_REMEMBERED_ZONES) canonicalNames.set(name, canonical);
  return canonical;
}
