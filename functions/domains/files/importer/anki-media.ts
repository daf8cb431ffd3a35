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

/** The newer map: protobuf `MediaEntries` (already decompressed), read with protobuf-es's wire reader. */
export function protobufMediaMap(bytes: Uint8Array): MediaMap {
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
    while (entry.pos < entry.len) {
      const [field, type] = entry.tag();
      if (field === 1 && type === WireType.LengthDelimited) name = decoder.decode(entry.bytes());
      else if (field === 255 && type === WireType.Varint) zipName = String(entry.uint32());
      else entry.skip(type, field);
    }
    if (name && !map.has(name)) map.set(name, zipName);
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
export function readMediaMap(entry: Uint8Array | undefined, unzstd: (bytes: Uint8Array) => Uint8Array): MediaMap {
  if (!entry || entry.length === 0) return new Map();
  try {
    if (isZstd(entry)) return protobufMediaMap(unzstd(entry));
    const text = new TextDecoder().decode(entry).trim();
    return text.startsWith('{') ? jsonMediaMap(text) : protobufMediaMap(entry);
  } catch {
    return new Map();
  }
}
