let counter = 0;

/**
 * A suffix no other call in this run gives (time in base 36, then a counter of this test file's calls), for the
 * titles, file names and emails integration fixtures write into tables other files share.
 * `uniqueName` (accounts.ts) is the random one for usernames.
 */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}-${counter++}`;
}
