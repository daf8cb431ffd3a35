/**
 * File name from a Content-Disposition header. RFC 6266 says filename* (RFC 5987, used for
 * Korean names) wins over the plain filename, which may be a lossy ASCII fallback.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (extended) {
    const value = extended[1]!.trim().replace(/^"(.*)"$/, '$1');
    const match = /^([\w-]+)'[^']*'(.*)$/.exec(value);
    const encoded = match ? match[2]! : value;
    try {
      const decoded = decodeURIComponent(encoded);
      if (decoded) return sanitize(decoded);
    } catch {
      // Malformed percent-encoding: fall through to the plain filename.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (plain) {
    const value = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]!.trim();
    if (value) return sanitize(value);
  }
  return null;
}

/** A name for the save dialog must not carry a path. */
function sanitize(name: string): string {
  return name.replace(/^.*[\\/]/, '').trim();
}
