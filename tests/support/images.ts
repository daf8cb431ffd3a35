import { crc32 } from 'node:zlib';
import { encode } from 'fast-png';

/**
 * A real PNG (fast-png): `width × height`, 8-bit greyscale, mid grey, with a text chunk standing in
 * for the metadata an upload must drop; `stripes` draws visible bands (for a screenshot).
 * `rows: false` keeps the declared size but one pixel of data: a decompression bomb's shape, made by
 * rewriting a 1 × 1 image's header (no encoder writes a lying one).
 */
export function png(
  width: number,
  height: number,
  options: { text?: string; rows?: boolean; stripes?: boolean } = {},
): Buffer {
  if (options.rows === false) return declaring(width, height, encoded(1, 1, options));
  return encoded(width, height, options);
}

function encoded(width: number, height: number, options: { text?: string; stripes?: boolean }): Buffer {
  const data = new Uint8Array(width * height).fill(0x80);
  if (options.stripes)
    for (let y = 0; y < height; y++) data.fill(Math.floor(y / 10) % 2 ? 0x30 : 0xc0, y * width, (y + 1) * width);
  return Buffer.from(
    encode({
      width,
      height,
      data,
      channels: 1,
      depth: 8,
      ...(options.text ? { text: { Comment: options.text } } : {}),
    }),
  );
}

/** The same bytes with the header (IHDR, right after the 8-byte signature) declaring another size. */
function declaring(width: number, height: number, bytes: Buffer): Buffer {
  const out = Buffer.from(bytes);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}
