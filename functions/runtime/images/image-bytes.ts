import { imageSize } from 'image-size';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './image-limits.js';

/**
 * What an uploaded question image is, decided from its bytes alone (D136): the type from the magic
 * number, the size from the header (image-size reads headers, never decodes pixels), completeness
 * from the container's end marker, and the metadata segments (EXIF, XMP, text chunks) cut out at the
 * container level, so the pixels are byte-for-byte what was sent. No decoder runs on the server: a
 * decompression bomb is refused by its declared size before anything could inflate it.
 */

export { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './image-limits.js';

export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif';
export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

export type ImageRefusal =
  'image_too_large' | 'image_type_unsupported' | 'image_truncated' | 'image_dimensions_too_large';

export type CheckedImage =
  { ok: true; type: ImageType; width: number; height: number; bytes: Uint8Array } | { ok: false; code: ImageRefusal };

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** The type from the magic number; SVG, HTML and anything else are not images here. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 8 && ascii(bytes, 1, 3) === 'PNG' && bytes[0] === 0x89) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  return null;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** PNG without its text and EXIF chunks; null when a chunk runs past the end or IEND is missing. */
function cleanPng(bytes: Uint8Array): Uint8Array | null {
  const data = view(bytes);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = data.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    if (!['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME'].includes(type)) kept.push(bytes.subarray(at, end));
    if (type === 'IEND') return concat(kept);
    at = end;
  }
  return null;
}

/** JPEG without APP1 (EXIF, XMP), APP13 (IPTC) and comments; null when it ends before its image does. */
function cleanJpeg(bytes: Uint8Array): Uint8Array | null {
  const data = view(bytes);
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = data.getUint16(at + 2);
    const end = at + 2 + length;
    if (end > bytes.length) return null;
    if (marker === 0xda) {
      // Start of scan: entropy-coded data follows up to the end marker, which must be there.
      const rest = bytes.subarray(at);
      const last = bytes.length - 2;
      if (bytes[last] !== 0xff || bytes[last + 1] !== 0xd9) return null;
      kept.push(rest);
      return concat(kept);
    }
    if (marker !== 0xe1 && marker !== 0xed && marker !== 0xfe) kept.push(bytes.subarray(at, end));
    at = end;
  }
  return null;
}

/** WebP without EXIF and XMP chunks (and their VP8X flags); null when the RIFF size disagrees. */
function cleanWebp(bytes: Uint8Array): Uint8Array | null {
  const data = view(bytes);
  if (data.getUint32(4, true) + 8 !== bytes.length) return null;
  const kept: Uint8Array[] = [];
  for (let at = 12; at < bytes.length;) {
    if (at + 8 > bytes.length) return null;
    const type = ascii(bytes, at, 4);
    const size = data.getUint32(at + 4, true);
    const end = at + 8 + size + (size % 2);
    if (end > bytes.length) return null;
    if (type === 'VP8X') {
      const chunk = bytes.slice(at, end);
      chunk[8] = chunk[8]! & ~0x0c; // EXIF (0x08) and XMP (0x04) flags off
      kept.push(chunk);
    } else if (type !== 'EXIF' && type !== 'XMP ') kept.push(bytes.subarray(at, end));
    at = end;
  }
  const body = concat(kept);
  const out = new Uint8Array(12 + body.length);
  out.set(bytes.subarray(0, 12));
  out.set(body, 12);
  view(out).setUint32(4, out.length - 8, true);
  return out;
}

/** GIF carries no EXIF; it must end with its trailer byte. */
function cleanGif(bytes: Uint8Array): Uint8Array | null {
  return bytes[bytes.length - 1] === 0x3b ? bytes : null;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const CLEANERS: Record<ImageType, (bytes: Uint8Array) => Uint8Array | null> = {
  png: cleanPng,
  jpeg: cleanJpeg,
  webp: cleanWebp,
  gif: cleanGif,
};

/** The whole check: size, type from the bytes, declared dimensions, completeness, metadata removed. */
export function checkImage(bytes: Uint8Array): CheckedImage {
  if (bytes.length > MAX_IMAGE_BYTES) return { ok: false, code: 'image_too_large' };
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, code: 'image_type_unsupported' };
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    return { ok: false, code: 'image_truncated' };
  }
  const width = size.width ?? 0;
  const height = size.height ?? 0;
  if (width <= 0 || height <= 0) return { ok: false, code: 'image_truncated' };
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    return { ok: false, code: 'image_dimensions_too_large' };
  }
  const cleaned = CLEANERS[type](bytes);
  if (!cleaned) return { ok: false, code: 'image_truncated' };
  return { ok: true, type, width, height, bytes: cleaned };
}
