import { inflateRawSync } from 'node:zlib';
import { QUESTION_SHEET_LIMITS, type SheetExtension } from '../../../shared/domain/question-sheet.js';
import { AppError } from '../../lib/http/app-error.js';

/**
 * Checks that the bytes really are what the extension says, before any parser sees them:
 * xlsx is a zip (PK\x03\x04) whose entries inflate to at most maxUncompressedBytes in total,
 * xls is an OLE compound file (D0 CF 11 E0 A1 B1 1A E1), csv is UTF-8 text without NUL bytes.
 */
export function sniffSpreadsheet(bytes: Uint8Array, extension: SheetExtension): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length > QUESTION_SHEET_LIMITS.maxFileBytes) {
    throw new AppError(413, 'sheet_file_too_large', { limit: '10 MB' });
  }
  if (buffer.length === 0) throw new AppError(400, 'sheet_not_spreadsheet', { extension });
  if (extension === 'xlsx') {
    if (!startsWith(buffer, ZIP_MAGIC)) throw new AppError(400, 'sheet_not_spreadsheet', { extension });
    try {
      checkZip(buffer);
    } catch (error) {
      // A truncated or self-contradicting archive can send a read past the end: still a bad file.
      if (error instanceof AppError) throw error;
      throw broken();
    }
    return;
  }
  if (extension === 'xls') {
    if (!startsWith(buffer, OLE_MAGIC)) throw new AppError(400, 'sheet_not_spreadsheet', { extension });
    return;
  }
  // csv
  if (buffer.includes(0)) throw new AppError(400, 'sheet_not_spreadsheet', { extension });
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw new AppError(400, 'sheet_not_spreadsheet', { extension });
  }
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(buffer: Buffer, magic: number[]): boolean {
  return buffer.length >= magic.length && magic.every((byte, i) => buffer[i] === byte);
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const tooBig = () => new AppError(413, 'sheet_uncompressed_too_large', { limit: '100 MB' });
const broken = () => new AppError(400, 'sheet_not_spreadsheet', { extension: 'xlsx' });

/**
 * Zip-bomb guard. Sums the central directory's uncompressed sizes (refusing ZIP64 and more
 * entries than a workbook has), then inflates every entry with an output cap so a directory that
 * lies about its sizes is caught too. Nothing here trusts a size the file states.
 */
export function checkZip(buffer: Buffer): { entries: number; uncompressedBytes: number } {
  const limit = QUESTION_SHEET_LIMITS.maxUncompressedBytes;
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 0xffff); i--) {
    if (buffer.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw broken();
  const entries = buffer.readUInt16LE(eocd + 10);
  const directoryOffset = buffer.readUInt32LE(eocd + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff) throw tooBig();
  if (entries > QUESTION_SHEET_LIMITS.maxZipEntries) throw tooBig();

  let declared = 0;
  let actual = 0;
  let offset = directoryOffset;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== CENTRAL) throw broken();
    const method = buffer.readUInt16LE(offset + 10);
    const compressedSize = buffer.readUInt32LE(offset + 20);
    const uncompressedSize = buffer.readUInt32LE(offset + 24);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const localOffset = buffer.readUInt32LE(offset + 42);
    if (uncompressedSize === 0xffffffff || compressedSize === 0xffffffff) throw tooBig();
    declared += uncompressedSize;
    if (declared > limit) throw tooBig();

    if (localOffset + 30 > buffer.length || buffer.readUInt32LE(localOffset) !== LOCAL) throw broken();
    const dataStart = localOffset + 30 + buffer.readUInt16LE(localOffset + 26) + buffer.readUInt16LE(localOffset + 28);
    const data = buffer.subarray(dataStart, dataStart + compressedSize);
    if (data.length !== compressedSize) throw broken();
    if (method === 0) {
      actual += compressedSize;
    } else if (method === 8) {
      const remaining = limit - actual;
      try {
        actual += inflateRawSync(data, { maxOutputLength: Math.max(1, remaining) }).length;
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooBig();
        throw broken();
      }
    } else {
      throw broken();
    }
    if (actual > limit) throw tooBig();
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, uncompressedBytes: actual };
}
