import { inflateRawSync } from 'node:zlib';

/**
 * Checks an .xlsx (a zip) before any parser inflates it, so a zip bomb costs us nothing:
 *
 * 1. The central directory (found through the end-of-central-directory record) declares every
 *    entry's uncompressed size; their sum must stay under `maxUncompressedBytes`.
 * 2. Declared sizes can lie, so each entry is then inflated with zlib's `maxOutputLength` set to
 *    its declared size: an entry that inflates to more, or is not a complete deflate stream
 *    within its declared compressed size, rejects the file.
 *
 * ZIP64 archives (sizes ≥ 4 GiB, > 65,535 entries) are refused outright: no spreadsheet we
 * accept needs them.
 */
export type ZipVerdict =
  | { ok: true; entries: number; uncompressedBytes: number }
  | { ok: false; reason: 'not_a_zip' | 'malformed' | 'too_large' | 'too_many_entries' | 'unsupported' };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;
const MAX_ENTRIES = 10_000;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** OLE2 compound file (legacy .xls): D0 CF 11 E0 A1 B1 1A E1. */
export function isOle(bytes: Uint8Array): boolean {
  const magic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return bytes.length >= 8 && magic.every((b, i) => bytes[i] === b);
}

interface CentralEntry {
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

function findEocd(buf: Buffer): number {
  const lowest = Math.max(0, buf.length - EOCD_MIN - MAX_COMMENT);
  for (let i = buf.length - EOCD_MIN; i >= lowest; i--) {
    if (buf.readUInt32LE(i) === EOCD_SIGNATURE) return i;
  }
  return -1;
}

export function inspectZip(bytes: Uint8Array, maxUncompressedBytes: number): ZipVerdict {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!isZip(buf) || buf.length < EOCD_MIN) return { ok: false, reason: 'not_a_zip' };
  const eocd = findEocd(buf);
  if (eocd < 0) return { ok: false, reason: 'malformed' };
  const totalEntries = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (totalEntries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
    return { ok: false, reason: 'unsupported' };
  if (totalEntries > MAX_ENTRIES) return { ok: false, reason: 'too_many_entries' };
  if (cdOffset + cdSize > eocd) return { ok: false, reason: 'malformed' };

  // Pass 1: the declared sizes, before inflating a single byte.
  const entries: CentralEntry[] = [];
  let declared = 0;
  let at = cdOffset;
  for (let n = 0; n < totalEntries; n++) {
    if (at + 46 > eocd || buf.readUInt32LE(at) !== CENTRAL_SIGNATURE) return { ok: false, reason: 'malformed' };
    const entry: CentralEntry = {
      flags: buf.readUInt16LE(at + 8),
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      uncompressedSize: buf.readUInt32LE(at + 24),
      localOffset: buf.readUInt32LE(at + 42),
    };
    if (
      entry.uncompressedSize === 0xffffffff ||
      entry.compressedSize === 0xffffffff ||
      entry.localOffset === 0xffffffff
    ) {
      return { ok: false, reason: 'unsupported' };
    }
    declared += entry.uncompressedSize;
    if (declared > maxUncompressedBytes) return { ok: false, reason: 'too_large' };
    entries.push(entry);
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }

  // Pass 2: every entry really inflates to no more than it declares.
  for (const entry of entries) {
    if (entry.flags & 0x1) return { ok: false, reason: 'unsupported' }; // encrypted
    const local = entry.localOffset;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL_SIGNATURE)
      return { ok: false, reason: 'malformed' };
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const end = start + entry.compressedSize;
    if (end > buf.length) return { ok: false, reason: 'malformed' };
    const data = buf.subarray(start, end);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) return { ok: false, reason: 'malformed' };
      continue;
    }
    if (entry.method !== 8) return { ok: false, reason: 'unsupported' };
    try {
      inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch (error) {
      const code = (error as { code?: string }).code;
      return { ok: false, reason: code === 'ERR_BUFFER_TOO_LARGE' ? 'too_large' : 'malformed' };
    }
  }
  return { ok: true, entries: entries.length, uncompressedBytes: declared };
}
