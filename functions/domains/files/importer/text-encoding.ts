import iconv from 'iconv-lite';
import type { SheetEncoding, SheetExtension } from '#shared/domain/question-sheet.js';
import { AppError } from '../../../runtime/http/app-error.js';

/** The bytes of a text sheet: their encoding, and cutting a head after a whole line in any of them. */

const notText = (extension: SheetExtension) => new AppError(400, 'sheet_not_spreadsheet', { extension });
// C0 controls other than tab, line feed, vertical tab, form feed and carriage return: binary, not text.
// eslint-disable-next-line no-control-regex -- control characters are what tells binary from text
const BINARY = /[\u0000-\u0008\u000e-\u001f]/;

/**
 * The text of a text sheet: a byte order mark names UTF-8 or UTF-16 LE/BE; else strict UTF-8; else
 * CP949 (EUC-KR's superset, what Korean Excel saves, iconv-lite). Bytes that are none of these, or
 * text holding control characters, are not a text sheet.
 */
export function decodeSheetText(
  bytes: Uint8Array,
  extension: SheetExtension,
  chosen?: SheetEncoding,
): { text: string; encoding: SheetEncoding; bom: boolean } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let decoded: { text: string; encoding: SheetEncoding; bom: boolean };
  try {
    if (chosen) {
      decoded = decodeAs(buffer, chosen);
    } else if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) {
      decoded = {
        text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buffer.subarray(3)),
        encoding: 'utf-8',
        bom: true,
      };
    } else if ((buffer[0] === 0xff && buffer[1] === 0xfe) || (buffer[0] === 0xfe && buffer[1] === 0xff)) {
      const little = buffer[0] === 0xff;
      const body = buffer.subarray(2);
      if (body.length % 2 !== 0) throw notText(extension);
      const units = little ? body : Buffer.from(body).swap16();
      decoded = {
        text: new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true }).decode(units),
        encoding: little ? 'utf-16le' : 'utf-16be',
        bom: true,
      };
    } else {
      decoded = utf8OrCp949(buffer, extension);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notText(extension);
  }
  if (BINARY.test(decoded.text)) throw notText(extension);
  return decoded;
}

const BOMS: Record<SheetEncoding, number[]> = {
  'utf-8': [0xef, 0xbb, 0xbf],
  'utf-16le': [0xff, 0xfe],
  'utf-16be': [0xfe, 0xff],
  cp949: [],
};

/**
 * The bytes in the encoding the learner chose: its byte order mark dropped when present, characters
 * it cannot decode shown as U+FFFD (the preview shows them; the learner chose).
 */
function decodeAs(buffer: Buffer, encoding: SheetEncoding): { text: string; encoding: SheetEncoding; bom: boolean } {
  const mark = BOMS[encoding];
  const bom = mark.length > 0 && mark.every((byte, i) => buffer[i] === byte);
  const body = bom ? buffer.subarray(mark.length) : buffer;
  if (encoding === 'cp949') return { text: iconv.decode(body, 'cp949'), encoding, bom };
  if (encoding === 'utf-8') return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(body), encoding, bom };
  const even = body.subarray(0, body.length - (body.length % 2));
  const units = encoding === 'utf-16le' ? even : Buffer.from(even).swap16();
  return { text: new TextDecoder('utf-16le', { ignoreBOM: true }).decode(units), encoding, bom };
}

function utf8OrCp949(
  buffer: Buffer,
  extension: SheetExtension,
): { text: string; encoding: SheetEncoding; bom: boolean } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(buffer), encoding: 'utf-8', bom: false };
  } catch {
    const text = iconv.decode(buffer, 'cp949');
    // iconv-lite writes U+FFFD for bytes CP949 has no character for: then it was not CP949 either.
    if (text.includes('\uFFFD')) throw notText(extension);
    return { text, encoding: 'cp949', bom: false };
  }
}

/**
 * The head of a text sheet cut after its last whole line, so the preview parses no half record:
 * a line feed is 0A in UTF-8 and CP949 (never a trail byte there), 0A 00 / 00 0A in UTF-16 LE / BE.
 * A head without any line break is returned as it is.
 */
export function wholeLinesOf(head: Uint8Array): Uint8Array {
  const le = head[0] === 0xff && head[1] === 0xfe;
  const be = head[0] === 0xfe && head[1] === 0xff;
  for (let i = head.length - 1; i >= 0; i--) {
    if (head[i] !== 0x0a) continue;
    if (le && (i % 2 !== 0 || head[i + 1] !== 0x00)) continue;
    if (be && (i % 2 !== 1 || head[i - 1] !== 0x00)) continue;
    return head.subarray(0, le ? i + 2 : i + 1);
  }
  return head;
}
