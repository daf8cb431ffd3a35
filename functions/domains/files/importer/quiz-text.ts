import type { SheetExtension, SheetReading } from '#shared/domain/question-sheet.js';
import { readAiken, looksLikeAiken } from './aiken.js';
import { readGift, looksLikeGift } from './gift.js';
import { readMoodleXml } from './moodle-xml.js';
import type { ParsedSheet } from './parsed-sheet.js';
import { quizFormat, quizSheet } from './quiz-records.js';
import { decodeSheetText } from './text-encoding.js';

/**
 * The quiz formats: `.gift` is GIFT, `.xml` Moodle XML, and a `.txt` in GIFT or Aiken shape is read
 * as such (null for any other `.txt`, which stays a delimited text sheet, and for a `.txt` whose
 * delimiter or record separator the learner chose in the preview: they asked for a delimited reading).
 */
export function parseQuizFile(
  bytes: Uint8Array,
  extension: SheetExtension,
  reading: SheetReading = {},
): ParsedSheet | null {
  if (extension !== 'gift' && extension !== 'xml' && extension !== 'txt') return null;
  if (extension === 'txt' && (reading.delimiter || reading.record_delimiter)) return null;
  const decoded = decodeSheetText(bytes, extension);
  const text = decoded.text.replace(/^\uFEFF/, '');
  if (extension === 'xml') {
    const { records, skipped } = readMoodleXml(text);
    return quizSheet(records, skipped, quizFormat(extension, 'moodle_xml', decoded));
  }
  // An Anki export's `#…` header lines are Anki's, whatever follows.
  if (extension === 'txt' && /^#[a-z ]+:/i.test(text)) return null;
  if (extension === 'gift' || looksLikeGift(text)) {
    const { records, skipped } = readGift(text);
    return quizSheet(records, skipped, quizFormat(extension, 'gift', decoded));
  }
  if (looksLikeAiken(text)) {
    const { records, skipped } = readAiken(text);
    return quizSheet(records, skipped, quizFormat(extension, 'aiken', decoded));
  }
  return null;
}
