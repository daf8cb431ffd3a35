import { LIMITS } from '#shared/domain/limits.js';
import * as XLSX from '#xlsx-writer';
import type * as examSheets from '#shared/contracts/exam-sheets.js';
import { MAX_EXAM_QUESTIONS } from '#shared/contracts/exam-schemas.js';
import type { Language } from '#shared/domain/language.js';
import { cellText, cleanFileName, headerKey, sheetExtension } from '#shared/domain/question-sheet.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { queryBounded } from '../../runtime/data/paginate.js';
import { EXAM_LIST_SHARDS, examEntity, examListShards } from './entities/exam.js';
import { AppError, payloadTooLarge } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import { fileReply } from '../../runtime/http/file-reply.js';
import { XLSX_CONTENT_TYPE, type Reply } from '../../runtime/http/reply.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { workbookReader } from '../files/sheets.js';
import { listAllTags } from '../tags/index.js';
import { createExam } from './exam-creation.js';

/** The exam list sheet (admin): what the download writes and the upload reads back. */
export const EXAM_SHEET_COLUMNS = [
  'title',
  'description',
  'file_name',
  'question_count',
  'is_public',
  'is_original',
  'tags',
  'id',
  'created_by',
  'created_at',
] as const;
type ExamColumn = (typeof EXAM_SHEET_COLUMNS)[number];

const LABELS: Record<ExamColumn, Record<Language, string>> = {
  title: { ko: '제목', en: 'Title' },
  description: { ko: '설명', en: 'Description' },
  file_name: { ko: '파일명', en: 'File Name' },
  question_count: { ko: '문제 수', en: 'Question Count' },
  is_public: { ko: '공개', en: 'Public' },
  is_original: { ko: '원본', en: 'Original' },
  tags: { ko: '태그', en: 'Tags' },
  id: { ko: '시험id', en: 'Exam ID' },
  created_by: { ko: '작성자', en: 'Created By' },
  created_at: { ko: '생성일', en: 'Created At' },
};

const ALIASES: Record<ExamColumn, string[]> = {
  title: ['제목', '시험제목', 'title', 'examtitle'],
  description: ['설명', 'description'],
  file_name: ['파일명', '파일', '문제파일', 'filename', 'file_name', 'file'],
  question_count: ['문제수', '문항수', 'questioncount', 'question_count', 'questions', 'count', 'totalquestions'],
  is_public: ['공개', '공개여부', 'public', 'is_public', 'ispublic'],
  is_original: ['원본', 'original', 'is_original', 'isoriginal'],
  tags: ['태그', 'tags', 'tag'],
  id: ['시험id', 'examid', 'id'],
  created_by: ['작성자', 'createdby', 'created_by'],
  created_at: ['생성일', 'createdat', 'created_at'],
};
const LOOKUP = new Map(EXAM_SHEET_COLUMNS.flatMap((c) => ALIASES[c].map((a) => [headerKey(a), c] as const)));

const MAX_UPLOAD_ROWS = 500;
/** 20 pages of 1 MB per visibility, spread over its shards. */
const MAX_EXPORT_PAGES = Math.ceil(20 / EXAM_LIST_SHARDS);

/** true / false from the spellings people type; null when blank or unknown. */
export function sheetFlag(value: unknown): boolean | null {
  const v = cellText(value).toLowerCase();
  if (['true', '1', 'y', 'yes', 'o', '예', '공개', '원본'].includes(v)) return true;
  if (['false', '0', 'n', 'no', 'x', '아니오', '비공개', '사본'].includes(v)) return false;
  return null;
}

/** GET /api/exams/download-excel/ (admin): every exam, newest first, as exams_{timestamp}.xlsx. */
export async function downloadExamsSheet(_input: unknown, ctx: SignedInContext): Promise<Reply> {
  const lists = await Promise.all(
    [...examListShards(true), ...examListShards(false)].map((pk) =>
      queryBounded(
        {
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ScanIndexForward: false,
        },
        { want: Number.MAX_SAFE_INTEGER, maxPages: MAX_EXPORT_PAGES },
      ),
    ),
  );
  const records = lists
    .flatMap((l) => l.items.map(examEntity.parse))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  const lang = ctx.language;
  const rows = [
    EXAM_SHEET_COLUMNS.map((c) => LABELS[c][lang]),
    ...records.map((e) => [
      e.title,
      e.description_ko || e.description_en || '',
      e.file_name ?? '',
      e.total_questions,
      e.is_public ? 'TRUE' : 'FALSE',
      e.is_original ? 'TRUE' : 'FALSE',
      (e.tags ?? []).map((t) => (lang === 'ko' ? t.name_ko || t.name_en : t.name_en || t.name_ko)).join(', '),
      e.id,
      e.created_by_username,
      e.created_at,
    ]),
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), lang === 'ko' ? '시험 목록' : 'Exams');
  const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array;
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '_');
  return fileReply(bytes, `exams_${stamp}.xlsx`, XLSX_CONTENT_TYPE);
}

/**
 * POST /api/exams/upload-excel/ (admin): one exam per row, created as the admin with the same
 * rules as POST /api/create-exam/ (title required and unique, file resolved in the admin's view,
 * count reduced to the pool). A row whose title the admin already has is skipped; a failing row
 * is counted with its reason and the others go on. At most 500 rows.
 */
/** Each known column's place in the header (its first occurrence); the title column must be there. */
function examColumnsOf(header: readonly string[]): Partial<Record<ExamColumn, number>> {
  const columns: Partial<Record<ExamColumn, number>> = {};
  header.forEach((h, i) => {
    const column = LOOKUP.get(headerKey(h));
    if (column && columns[column] === undefined) columns[column] = i;
  });
  if (columns.title === undefined) {
    throw new AppError(400, 'sheet_missing_column', {
      column: `${LABELS.title.ko} / ${LABELS.title.en}`,
      found: header.filter(Boolean).join(', ') || '-',
    });
  }
  return columns;
}

/** Every tag's id by its Korean and its English name (trimmed, lower case). */
async function tagIdsByName(): Promise<Map<string, string>> {
  const tagsByName = new Map<string, string>();
  for (const tag of await listAllTags()) {
    for (const n of [tag.name_ko, tag.name_en]) if (n) tagsByName.set(n.trim().toLowerCase(), tag.id);
  }
  return tagsByName;
}

export async function uploadExamsSheet(input: ServiceInput<typeof examSheets.uploadExamsSheet>, ctx: SignedInContext) {
  const { file } = input.body;
  if (file.truncated) throw payloadTooLarge(LIMITS.maxMultipartBodyBytes);
  const name = cleanFileName(file.filename);
  const extension = sheetExtension(name);
  if (extension !== 'xlsx' && extension !== 'xls')
    throw new AppError(400, 'sheet_bad_extension', { name: name || file.filename });
  const { sniffSpreadsheet, parseWorkbookSheet } = await workbookReader();
  sniffSpreadsheet(file.content, extension);
  const sheet = parseWorkbookSheet(file.content, extension);
  const columns = examColumnsOf(sheet.header);
  const rows = sheet.rows
    .map((cells, i) => ({ row: i + 2, cells }))
    .filter(({ cells }) => cells.some((c) => cellText(c) !== ''));
  if (rows.length > MAX_UPLOAD_ROWS) throw new AppError(400, 'sheet_too_many_rows', { limit: MAX_UPLOAD_ROWS });

  const tagsByName = await tagIdsByName();
  const stats = { total_exams: rows.length, created: 0, skipped: 0, errors: 0, error_details: [] as string[] };
  const cell = (cells: unknown[], column: ExamColumn) =>
    columns[column] === undefined ? '' : cellText(cells[columns[column]!]);
  for (const { row, cells } of rows) {
    const title = cell(cells, 'title');
    try {
      if (!title) throw new AppError(400, 'exam_title_required');
      const countText = cell(cells, 'question_count');
      const count = countText === '' ? undefined : Number(countText);
      if (count !== undefined && (!Number.isInteger(count) || count < 0)) throw new AppError(400, 'validation_failed');
      const tagNames = cell(cells, 'tags')
        .split(/[,;]/)
        .map((t) => t.trim())
        .filter(Boolean);
      const unknownTags = tagNames.filter((t) => !tagsByName.has(t.toLowerCase()));
      if (unknownTags.length) throw new AppError(400, 'tag_not_found', { ids: unknownTags.join(', ') });
      const fileName = cell(cells, 'file_name');
      await createExam(
        {
          params: {},
          query: {},
          body: {
            title,
            description: cell(cells, 'description') || undefined,
            file_name: fileName || undefined,
            question_count: count ?? (fileName ? MAX_EXAM_QUESTIONS : 0),
            is_public: sheetFlag(cell(cells, 'is_public')) ?? false,
            is_original: sheetFlag(cell(cells, 'is_original')) ?? true,
            tags: tagNames.map((t) => tagsByName.get(t.toLowerCase())!),
          },
        },
        ctx,
      );
      stats.created++;
    } catch (error) {
      if (error instanceof AppError && error.code === 'exam_title_taken') {
        stats.skipped++;
        continue;
      }
      if (!(error instanceof AppError)) throw error;
      stats.errors++;
      stats.error_details.push(`${row}: ${errorMessage(error.code, ctx.language, error.params)}`);
    }
  }
  return {
    success: true as const,
    message: errorMessage('exams_sheet_imported', ctx.language, {
      created: stats.created,
      skipped: stats.skipped,
      errors: stats.errors,
    }),
    stats,
  };
}
