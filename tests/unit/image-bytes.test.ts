import { describe, expect, test } from 'vitest';
import { checkImage, MAX_IMAGE_BYTES, sniffImageType } from '../../functions/runtime/images/image-bytes.js';
import { png as pngOf } from '../support/images.js';

const png = (width: number, height: number, options: { text?: string; rows?: boolean } = {}) =>
  new Uint8Array(pngOf(width, height, options));

/** A minimal JPEG shell: SOI, an APP1 EXIF segment, SOF0 with the size, SOS, a byte of data, EOI. */
function jpeg(width: number, height: number): Uint8Array {
  const exif = Buffer.concat([Buffer.from([0xff, 0xe1, 0x00, 0x10]), Buffer.from('Exif\0\0GPS-37.5N\0\0')]).subarray(
    0,
    18,
  );
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x0b,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x01,
    0x01,
    0x11,
    0x00,
  ]);
  const sos = Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]);
  return new Uint8Array(
    Buffer.concat([Buffer.from([0xff, 0xd8]), exif, sof, sos, Buffer.from([0x12, 0x34]), Buffer.from([0xff, 0xd9])]),
  );
}

describe('question image bytes', () => {
  test('a PNG is accepted with its size, and its text chunks are removed', () => {
    const checked = checkImage(png(32, 16, { text: 'taken at 37.5N 127.0E' }));
    expect(checked).toMatchObject({ ok: true, type: 'png', width: 32, height: 16 });
    if (!checked.ok) return;
    expect(Buffer.from(checked.bytes).includes('37.5N')).toBe(false);
    expect(Buffer.from(checked.bytes).includes('IEND')).toBe(true);
  });

  test('a JPEG loses its EXIF segment and keeps the rest', () => {
    const checked = checkImage(jpeg(40, 30));
    expect(checked).toMatchObject({ ok: true, type: 'jpeg', width: 40, height: 30 });
    if (!checked.ok) return;
    expect(Buffer.from(checked.bytes).includes('Exif')).toBe(false);
    expect([...checked.bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
  });

  test('the type comes from the bytes: SVG, HTML and a PNG name on text are refused', () => {
    expect(sniffImageType(new TextEncoder().encode('<svg onload="alert(1)"></svg>'))).toBeNull();
    expect(checkImage(new TextEncoder().encode('<html><script>alert(1)</script>'))).toEqual({
      ok: false,
      code: 'image_type_unsupported',
    });
  });

  test('a decompression bomb is refused by its declared size', () => {
    const bomb = png(50_000, 50_000, { rows: false });
    expect(bomb.length).toBeLessThan(200);
    expect(checkImage(bomb)).toEqual({ ok: false, code: 'image_dimensions_too_large' });
  });

  test('over 2 MB and truncated files are refused', () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(png(1, 1));
    expect(checkImage(big)).toEqual({ ok: false, code: 'image_too_large' });
    const whole = png(8, 8);
    expect(checkImage(whole.subarray(0, whole.length - 10))).toEqual({ ok: false, code: 'image_truncated' });
    const photo = jpeg(8, 8);
    expect(checkImage(photo.subarray(0, photo.length - 2))).toEqual({ ok: false, code: 'image_truncated' });
  });
});
