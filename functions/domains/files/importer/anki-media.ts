/**
 * The media of an Anki package (D174): the `media` entry maps each numbered zip entry (`0`, `1`, …)
 * to the name the notes use (`<img src="paris.jpg">`). Legacy packages write that map as JSON
 * (`{"0": "paris.jpg"}`); Anki 2.1.50+ packages (`collection.anki21b`) write it as zstd-compressed
 * protobuf (`MediaEntries { repeated MediaEntry entries = 1 }`, `MediaEntry { string name = 1;
 * uint32 size = 2; bytes sha1 = 3; optional uint32 legacy_zip_filename = 255 }`), the entry's index
 * being its zip name unless `legacy_zip_filename` says otherwise, and the files themselves zstd too.
 */
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';

/** Media name (as the notes write it) → zip entry name. */
export type MediaMap = Map<string, string>;

const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
export const isZstd = (bytes: Uint8Array) => ZSTD_MAGIC.every((b, i) => bytes[i] === b);

/** Zip entry name → the size its MediaEntry declares (anki21b); an entry inflating past it is forged. */
export type MediaSizes = Map<string, number>;

/** The newer map: protobuf `MediaEntries` (already decompressed), read with protobuf-es's wire reader. */
export function protobufMediaMap(bytes: Uint8Array, sizes?: MediaSizes): MediaMap {
  const map: MediaMap = new Map();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const entries = new BinaryReader(bytes);
  let index = 0;
  while (entries.pos < entries.len) {
    const [number, wire] = entries.tag();
    if (number !== 1 || wire !== WireType.LengthDelimited) {
      entries.skip(wire, number);
      continue;
    }
    const entry = new BinaryReader(entries.bytes());
    let name = '';
    let zipName = String(index);
    let size = 0;
    while (entry.pos < entry.len) {
      const [field, type] = entry.tag();
      if (field === 1 && type === WireType.LengthDelimited) name = decoder.decode(entry.bytes());
      else if (field === 2 && type === WireType.Varint) size = entry.uint32();
      else if (field === 255 && type === WireType.Varint) zipName = String(entry.uint32());
      else entry.skip(type, field);
    }
    if (name && !map.has(name)) {
      map.set(name, zipName);
      if (size > 0) sizes?.set(zipName, size);
    }
    index++;
  }
  return map;
}

/** The legacy map: JSON `{"<zip entry>": "<media name>"}`; anything else is an empty map. */
export function jsonMediaMap(text: string): MediaMap {
  const map: MediaMap = new Map();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return map;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return map;
  for (const [zipName, name] of Object.entries(parsed as Record<string, unknown>))
    if (typeof name === 'string' && name && !map.has(name)) map.set(name, zipName);
  return map;
}

/**
 * The map from the `media` entry's bytes, whichever layout wrote it; `unzstd` is the importer's
 * capped zstd reader. A map that cannot be read is empty: the images are then reported missing.
 */
export function readMediaMap(
  entry: Uint8Array | undefined,
  unzstd: (bytes: Uint8Array) => Uint8Array,
  sizes?: MediaSizes,
): MediaMap {
  if (!entry || entry.length === 0) return new Map();
  try {
    if (isZstd(entry)) return protobufMediaMap(unzstd(entry), sizes);
    const text = new TextDecoder().decode(entry).trim();
    return text.startsWith('{') ? jsonMediaMap(text) : protobufMediaMap(entry, sizes);
  } catch {
    return new Map();
  }
}

/** The largest window a frame may ask for: zstd's levels up to 19 use at most 8 MB. */
export const MAX_ZSTD_WINDOW = 8 * 1024 * 1024;
const SKIPPABLE = (b: Uint8Array, at: number) =>
  (b[at]! & 0xf0) === 0x50 && b[at + 1] === 0x2a && b[at + 2] === 0x4d && b[at + 3] === 0x18;

/**
 * The frames of zstd data walked by their headers, no byte decoded: fzstd allocates each frame's
 * window and moves it on every block, so a 6-byte header asking for a 2 GB window would stall or
 * exhaust the Lambda. Answers null for a window over MAX_ZSTD_WINDOW or a layout that does not add
 * up, else the content size the frames declare (null when one leaves it out). D285.
 */
export function zstdFrames(bytes: Uint8Array): { declared: number | null } | null {
  let at = 0;
  let declared: number | null = 0;
  const read = (from: number, n: number) => {
    let value = 0;
    for (let i = n - 1; i >= 0; i--) value = value * 256 + bytes[from + i]!;
    return value;
  };
  while (at < bytes.length) {
    if (at + 8 <= bytes.length && SKIPPABLE(bytes, at)) {
      at += 8 + read(at + 4, 4);
      continue;
    }
    if (at + 6 > bytes.length || !isZstd(bytes.subarray(at, at + 4))) return null;
    const fhd = bytes[at + 4]!;
    const single = (fhd >> 5) & 1;
    const checksum = (fhd >> 2) & 1;
    const dictBytes = [0, 1, 2, 4][fhd & 3]!;
    const fcsBytes = fhd >> 6 ? 1 << (fhd >> 6) : single;
    if (fhd & 8) return null;
    let p = at + 5;
    let window = 0;
    if (!single) {
      const wd = bytes[p++]!;
      const base = 2 ** (10 + (wd >> 3));
      window = base + (base / 8) * (wd & 7);
    }
    p += dictBytes;
    if (p + fcsBytes > bytes.length) return null;
    const content = fcsBytes ? read(p, fcsBytes) + (fcsBytes === 2 ? 256 : 0) : null;
    p += fcsBytes;
    if (single) window = content ?? 0;
    if (window > MAX_ZSTD_WINDOW) return null;
    declared = content === null || declared === null ? null : declared + content;
    for (let last = 0; !last;) {
      if (p + 3 > bytes.length) return null;
      const header = read(p, 3);
      last = header & 1;
      const type = (header >> 1) & 3;
      if (type === 3) return null;
      p += 3 + (type === 1 ? 1 : header >> 3);
    }
    at = p + checksum * 4;
  }
  return at === bytes.length ? { declared } : null;
}
