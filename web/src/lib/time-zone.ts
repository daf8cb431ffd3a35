/** The browser's IANA time zone (sent at sign-up so the learner's day starts right, D120); undefined when Intl does not say. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The zones to offer in settings: what this browser knows, with `current` kept even when it does not. */
export function timeZoneChoices(current: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}
