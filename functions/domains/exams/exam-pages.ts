import { EXAM_PAGE_BYTES } from '#shared/contracts/exam-schemas.js';
import { AppError } from '../../runtime/http/app-error.js';

/**
 * Cursors and byte bounds of an exam read's question pages (D357). A cursor is the position the
 * next page starts at, opaque to clients; positions may have gaps (deleted questions), so a page
 * starts at the first question at or after it.
 */
export function encodeExamCursor(position: number): string {
  return Buffer.from(JSON.stringify({ p: position }), 'utf8').toString('base64url');
}

export function decodeExamCursor(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    const position = (parsed as { p?: unknown } | null)?.p;
    if (typeof position === 'number' && Number.isSafeInteger(position) && position >= 1) return position;
  } catch {
    // falls through to the same 400 as a well-formed cursor of the wrong shape
  }
  throw new AppError(400, 'cursor_invalid');
}

/**
 * How many of `views` fit a page: the longest prefix whose JSON stays within EXAM_PAGE_BYTES, and
 * at least one, so a page always moves on (one question is far below the bound: its texts are capped).
 */
export function viewsThatFit(views: readonly unknown[], budget = EXAM_PAGE_BYTES): number {
  let bytes = 0;
  for (let i = 0; i < views.length; i++) {
    bytes += Buffer.byteLength(JSON.stringify(views[i]), 'utf8') + 1;
    if (bytes > budget) return Math.max(1, i);
  }
  return views.length;
}
