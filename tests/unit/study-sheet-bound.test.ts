import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_STUDY_TASKS, STUDY_TASK_NAME_MAX } from '#shared/contracts/studies.js';
import { writeWorkbook } from '../../functions/runtime/spreadsheets/sheet-writer.js';

/*
 * The study tasks sheet stays inline (D199): its rows are bounded by MAX_STUDY_TASKS and its cells
 * by the name and title limits, so its worst case is far under the 4 MB a Lambda answer carries.
 * Worst case: every task at the caps, in characters that compress badly and cost most in the XML
 * (random Hangul, 3 bytes each in UTF-8, mixed with the escaped `&`, `<`, `>`, `"`).
 */
const EXAM_TITLE_CAP = 500; // the longest exam title any route accepts (MAX_EXAM_TITLE is 200)
const ALPHABET = ['&', '<', '>', '"'];
const noisy = (length: number) =>
  Array.from({ length }, () =>
    randomInt(4) === 0 ? ALPHABET[randomInt(4)] : String.fromCharCode(0xac00 + randomInt(11_172)),
  ).join('');

describe('study tasks sheet: worst-case size', () => {
  it('200 tasks at every cap stay under 1 MB', () => {
    const rows = Array.from({ length: MAX_STUDY_TASKS }, () => [
      noisy(STUDY_TASK_NAME_MAX),
      noisy(EXAM_TITLE_CAP),
      99.99,
      'a'.repeat(20),
    ]);
    const bytes = writeWorkbook([
      { name: 'Task list', rows: [['Task name', 'Connected exam', 'Progress rate', 'Exam ID'], ...rows] },
    ]);
    expect(bytes.byteLength).toBeLessThan(1024 * 1024);
    console.info(`worst-case study tasks sheet: ${bytes.byteLength} bytes`);
  });
});
