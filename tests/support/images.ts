import { deflateSync } from 'node:zlib';

/**
 * A real PNG written here: `width × height`, 8-bit greyscale, with a text chunk standing in for the
 * metadata an upload must drop. `rows: false` writes one byte of pixel data whatever the declared
 * size (a decompression bomb's shape); `stripes` draws visible bands (for a screenshot).
 */
export function png(
  width: number,
  height: number,
  options: { text?: string; rows?: boolean; stripes?: boolean } = {},
): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  const pixels = options.rows === false ? Buffer.alloc(1) : Buffer.alloc((width + 1) * height, 0x80);
  // Each row starts with its filter type (0, none), so browsers decode the rows; `stripes` draws grey
  // bands for a screenshot.
  if (options.rows !== false)
    for (let y = 0; y < height; y++) {
      pixels[y * (width + 1)] = 0;
      if (options.stripes)
        pixels.fill(Math.floor(y / 10) % 2 ? 0x30 : 0xc0, y * (width + 1) + 1, (y + 1) * (width + 1));
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...(options.text ? [chunk('tEXt', Buffer.from(`Comment\0${options.text}`))] : []),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
