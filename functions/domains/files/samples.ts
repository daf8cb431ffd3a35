import * as XLSX from '#xlsx-writer';
import type { Language } from '#shared/domain/language.js';
import { COLUMN_LABELS, QUESTION_COLUMNS, type SheetQuestion } from '#shared/domain/question-sheet.js';
import { SAMPLE_QUESTIONS } from './sample-questions.js';

/** Sheet names of generated spreadsheets (docs/product.md#question-files: the Korean word for question list). */
export const SHEET_NAMES: Record<Language, string> = { ko: '문제 목록', en: 'Questions' };

/** An xlsx of questions with the headers of `language`, in the column order of the format. */
export function questionsWorkbook(questions: SheetQuestion[], language: Language): Uint8Array {
  const rows = [
    QUESTION_COLUMNS.map((c) => COLUMN_LABELS[c][language]),
    ...questions.map((q) => QUESTION_COLUMNS.map((c) => q[c])),
  ];
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet['!cols'] = [
    { wch: 10 },
    { wch: 24 },
    { wch: 60 },
    { wch: 40 },
    { wch: 50 },
    { wch: 10 },
    { wch: 40 },
    { wch: 14 },
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, SHEET_NAMES[language]);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array;
}

/** The downloadable sample: the first five questions of the bank of that language. */
export function sampleWorkbook(language: Language): { bytes: Uint8Array; fileName: string } {
  return {
    bytes: questionsWorkbook(SAMPLE_QUESTIONS[language].slice(0, 5), language),
    fileName: language === 'ko' ? 'questions_sample_ko.xlsx' : 'questions_sample_en.xlsx',
  };
}
