/**
 * The media of an Anki package (D174): the `media` entry maps each numbered zip entry (`0`, `1`, …)
 * to the name the notes use (`<img src="paris.jpg">`). Legacy packages write that map as JSON
 * (`{"0": "paris.jpg"}`); Anki 2.1.50+ packages (`collection.anki21b`) write it as zstd-compressed
 * protobuf (`MediaEntries { repeated MediaEntry entries = 1 }`, `MediaEntry { string name = 1;
 * uint32 size = 2; bytes sha1 = 3; optional uint32 legacy_zip_filename = 255 }`), the entry's index
 * being its zip name unless `legacy_zip_filename` says otherwise, and the files themselves zstd too.
 */

/** Media name (as the notes write it) → zip entry name. */
export type MediaMap = Map<string, string>;

const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
export const isZstd = (bytes: Uint8Array) => ZSTD_MAGIC.every((b, i) => bytes[i] === b);

/** A protobuf varint at `at`: its value and the next offset (values here stay far below 2^53). */
function varint(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  let scale = 1;
  for (let i = at; i < bytes.length && i < at + 10; i++) {
    value += (bytes[i]! & 0x7f) * scale;
    scale *= 128;
    if ((bytes[i]! & 0x80) === 0) return [value, i + 1];
  }
  throw new Error('bad varint');
}

/** The fields of one protobuf message, as (number, value) pairs: length-delimited values as bytes. */
function fields(bytes: Uint8Array): [number, number | Uint8Array][] {
  const out: [number, number | Uint8Array][] = [];
  let at = 0;
  while (at < bytes.length) {
    const [tag, next] = varint(bytes, at);
    const field = Math.floor(tag / 8);
    const wire = tag % 8;
    if (wire === 0) {
      const [value, after] = varint(bytes, next);
      out.push([field, value]);
      at = after;
    } else if (wire === 2) {
      const [length, start] = varint(bytes, next);
      if (start + length > bytes.length) throw new Error('bad length');
      out.push([field, bytes.subarray(start, start + length)]);
      at = start + length;
    } else if (wire === 5) at = next + 4;
    else if (wire === 1) at = next + 8;
    else throw new Error('bad wire type');
  }
  return out;
}

/** The newer map: protobuf `MediaEntries` (already decompressed). */
export function protobufMediaMap(bytes: Uint8Array): MediaMap {
  const map: MediaMap = new Map();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let index = 0;
  for (const [number, entry] of fields(bytes)) {
    if (number !== 1 || !(entry instanceof Uint8Array)) continue;
    let name = '';
    let zipName = String(index);
    for (const [field, value] of fields(entry)) {
      if (field === 1 && value instanceof Uint8Array) name = decoder.decode(value);
      if (field === 255 && typeof value === 'number') zipName = String(value);
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
