import * as XLSX from 'xlsx';
import { AppError, badRequest, payloadTooLarge } from '../http/app-error.js';
import { inspectZip, isOle, isZip } from './zip-guard.js';

/** A file field as @middy/http-multipart-body-parser delivers it. */
export interface UploadedFile {
  filename: string;
  mimetype?: string;
  truncated?: boolean;
  content: Buffer;
}

export interface SheetLimits {
  /** Bytes of the uploaded file (413 above). */
  maxFileBytes: number;
  /** Sum of the zip entries' uncompressed sizes (400 spreadsheet_too_large above). */
  maxUncompressedBytes: number;
  /** Data rows below the header (400 spreadsheet_too_many_rows above). */
  maxRows: number;
}

export const DEFAULT_SHEET_LIMITS: SheetLimits = {
  maxFileBytes: 5 * 1024 * 1024,
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxRows: 5000,
};

/** The `file` field of a multipart body, or 400 file_required. */
export function uploadedFile(body: Record<string, unknown>, field = 'file'): UploadedFile {
  let value = body[field];
  if (Array.isArray(value)) value = value[0];
  const file = value as Partial<UploadedFile> | undefined;
  if (!file || typeof file !== 'object' || !Buffer.isBuffer(file.content) || file.content.length === 0) {
    throw badRequest('file_required');
  }
  return {
    filename: String(file.filename ?? ''),
    mimetype: file.mimetype,
    truncated: !!file.truncated,
    content: file.content,
  };
}

const formatLimit = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Everything checked before SheetJS sees a byte: extension (.xlsx/.xls), size, magic bytes that
 * match the extension (zip for .xlsx, OLE2 for .xls), and for zips the uncompressed size.
 * Then the first sheet is parsed with a row cap and returned as rows of trimmed strings
 * (row 0 is the header; `rowNumber` is the sheet's own 1-based row number).
 */
export function readFirstSheet(
  file: UploadedFile,
  limits: SheetLimits = DEFAULT_SHEET_LIMITS,
): {
  header: string[];
  rows: { rowNumber: number; cells: string[] }[];
} {
  const extension = /\.([a-z0-9]+)$/i.exec(file.filename)?.[1]?.toLowerCase();
  if (extension !== 'xlsx' && extension !== 'xls') throw badRequest('unsupported_file_type');
  if (file.truncated || file.content.length > limits.maxFileBytes) {
    const error = payloadTooLarge(limits.maxFileBytes);
    throw new AppError(error.status, error.code, { limit: formatLimit(limits.maxFileBytes) });
  }
  const bytes = file.content;
  if (extension === 'xlsx') {
    if (!isZip(bytes)) throw badRequest('unsupported_file_type');
    const verdict = inspectZip(bytes, limits.maxUncompressedBytes);
    if (!verdict.ok) {
      if (verdict.reason === 'too_large' || verdict.reason === 'too_many_entries') {
        throw badRequest('spreadsheet_too_large', { limit: formatLimit(limits.maxUncompressedBytes) });
      }
      throw badRequest('spreadsheet_unreadable');
    }
  } else if (!isOle(bytes)) {
    throw badRequest('unsupported_file_type');
  }

  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      // Header + the allowed rows + one more, so "too many" is detectable without parsing the rest.
      sheetRows: limits.maxRows + 2,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      bookFiles: false,
    });
  } catch {
    throw badRequest('spreadsheet_unreadable');
  }
  const first = workbook.SheetNames[0];
  const sheet = first ? workbook.Sheets[first] : undefined;
  if (!sheet) throw badRequest('spreadsheet_empty');
  const range = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']) : null;
  if (!range) throw badRequest('spreadsheet_empty');
  const raw = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
  const rows: { rowNumber: number; cells: string[] }[] = [];
  let header: string[] | null = null;
  raw.forEach((cells, index) => {
    const texts = (cells ?? []).map((c) => (c === null || c === undefined ? '' : String(c).trim()));
    if (texts.every((t) => t === '')) return;
    const rowNumber = range.s.r + index + 1;
    if (!header) header = texts;
    else rows.push({ rowNumber, cells: texts });
  });
  if (!header) throw badRequest('spreadsheet_empty');
  if (rows.length > limits.maxRows) throw badRequest('spreadsheet_too_many_rows', { max: limits.maxRows });
  return { header, rows };
}
