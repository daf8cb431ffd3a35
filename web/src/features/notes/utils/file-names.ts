/** The default name of the saved file: notes, the source file's name when there is one, and the date. */
export function defaultFileName(sourceName: string | null, now: Date): string {
  const base =
    (sourceName ?? 'notes')
      .replace(/\.[^.]+$/, '')
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 80) || 'notes';
  const stamp = now
    .toISOString()
    .slice(0, 16)
    .replace(/[-:T]/g, (c) => (c === 'T' ? '-' : c === ':' ? '' : c));
  return `${base} ${stamp}.csv`;
}

/** The name as saved: a .csv name, without path characters, within the file name cap. */
export function savedName(name: string): string {
  const clean = name
    .replace(/[\\/]/g, ' ')
    .trim()
    .replace(/\.csv$/i, '')
    .slice(0, 190);
  return `${clean || 'notes'}.csv`;
}
