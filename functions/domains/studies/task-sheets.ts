import type * as studies from '#shared/contracts/studies.js';
import { MAX_STUDY_TASKS } from '#shared/contracts/studies.js';
import { pickLocalized } from '#shared/domain/language.js';
import { nameKey } from '../../runtime/data/key-parts.js';
import { AppError, badRequest, forbidden } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import { fileReply } from '../../runtime/http/file-reply.js';
import { XLSX_CONTENT_TYPE } from '../../runtime/http/reply.js';
import type { RequestContext, SignedInContext } from '../../runtime/http/types.js';
import { writeWorkbook } from '../../runtime/spreadsheets/sheet-writer.js';
import { canUseSheets, managedStudy, readableStudy } from './study-access.js';
import { getStudyCounters, nextLocalIds } from './study-store.js';
import { studyTasks, insertTasks } from './task-store.js';
import { studyDisplayTitle, visibleTasks } from './study-views.js';
import { examSnapshot, newTask } from './tasks.js';
import { examIdsByTitle } from '../exams/index.js';

/**
 * The tasks sheet (S15, docs/product.md#studies): `{title}_tasks.xlsx`, sheet "Task list", columns task name,
 * connected exam, progress rate, exam id. These two routes are their own Lambda (`studies-sheets`),
 * so the other study routes do not load SheetJS at cold start (a dynamic import inside one bundle
 * still costs its parse, D73).
 */
const SHEET_NAME = 'Task list';
const HEADER = ['Task name', 'Connected exam', 'Progress rate', 'Exam ID'];
/** Header aliases the upload accepts per column (the download's, the Korean screen's, plain names). */
const COLUMNS = {
  name: ['task name', 'task 이름', 'task', 'name', '이름', 'task명'],
  exam: ['connected exam', '연결된 시험', '연결 시험', 'exam', '시험'],
  progress: ['progress rate', '진행률', 'progress'],
  examId: ['exam id', '시험 id', 'exam_id'],
} as const;
const MAX_ERRORS_SHOWN = 10;

/** GET /api/studies/{id}/download-excel/: readers of the study (docs/product.md#study-detail: everyone sees the download). */
export async function downloadStudyTasksSheet(
  input: ServiceInput<typeof studies.downloadStudyTasksSheet>,
  ctx: RequestContext,
) {
  const access = await readableStudy(input.params.id, ctx.caller?.user ?? null);
  const tasks = visibleTasks(await studyTasks(access.study.id), access);
  const rows = tasks.map((t) => [
    pickLocalized(t, 'name', ctx.language),
    t.exam_id
      ? pickLocalized(
          { title_ko: t.exam_title_ko, title_en: t.exam_title_en, title: t.exam_title },
          'title',
          ctx.language,
        )
      : '',
    t.progress,
    t.exam_id ?? '',
  ]);
  const bytes = writeWorkbook([{ name: SHEET_NAME, rows: [HEADER, ...rows] }]);
  return fileReply(bytes, `${studyDisplayTitle(access.study, ctx.language) || 'study'}_tasks.xlsx`, XLSX_CONTENT_TYPE);
}

/**
 * POST /api/studies/upload-excel/: site admins (D41 as revised; other managers 403). The file goes through the guarded
 * spreadsheet path (extension, size, magic bytes, zip guard, row cap); every row is checked before
 * anything is written, and any row error refuses the whole sheet (400 `study_sheet_row_errors`
 * listing them). A connected exam is found by its id, or by its title among the caller's exams.
 */
export async function uploadStudyTasksSheet(
  input: ServiceInput<typeof studies.uploadStudyTasksSheet>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  const access = await managedStudy(input.body.study_id, caller);
  if (!canUseSheets(access)) throw forbidden('study_sheets_admin_only');
  // The reader (SheetJS's reading copy) loads with the first upload: the downloads are most requests (D501).
  const { readFirstSheet, uploadedFile } = await import('../../runtime/spreadsheets/sheets.js');
  const { header, rows } = readFirstSheet(uploadedFile(input.body as Record<string, unknown>), {
    maxFileBytes: 2 * 1024 * 1024,
    maxUncompressedBytes: 20 * 1024 * 1024,
    maxRows: MAX_STUDY_TASKS,
  });
  const normalised = header.map((h) => h.trim().toLowerCase());
  const column = (aliases: readonly string[]) => normalised.findIndex((h) => aliases.includes(h));
  const at = {
    name: column(COLUMNS.name),
    exam: column(COLUMNS.exam),
    progress: column(COLUMNS.progress),
    examId: column(COLUMNS.examId),
  };
  if (at.name < 0) throw badRequest('study_sheet_missing_column', { column: HEADER[0]! });
  if (rows.length === 0) throw badRequest('study_sheet_no_rows');

  const cell = (cells: string[], index: number) => (index >= 0 ? (cells[index] ?? '').trim() : '');
  // Exams named by title only: the caller's own title claims, one BatchGet.
  const titles = [
    ...new Set(
      rows
        .filter((r) => !cell(r.cells, at.examId) && cell(r.cells, at.exam))
        .map((r) => nameKey(cell(r.cells, at.exam))),
    ),
  ];
  const examIdByTitle = await examIdsByTitle(caller.id, titles);

  const errors: string[] = [];
  const parsed: { name: string; progress: number; examId: string | null }[] = [];
  for (const row of rows) {
    const name = cell(row.cells, at.name);
    const progressText = cell(row.cells, at.progress);
    const progress = progressText === '' ? 0 : Number(progressText.replace(/%$/, ''));
    const examTitle = cell(row.cells, at.exam);
    const examId = cell(row.cells, at.examId) || (examTitle ? (examIdByTitle.get(nameKey(examTitle)) ?? null) : null);
    if (!name) errors.push(`row ${row.rowNumber}: task name`);
    else if (!Number.isFinite(progress) || progress < 0 || progress > 100)
      errors.push(`row ${row.rowNumber}: progress ${progressText}`);
    else if (examTitle && !examId) errors.push(`row ${row.rowNumber}: exam ${examTitle}`);
    else parsed.push({ name, progress, examId });
  }
  const snapshots = new Map<string, Awaited<ReturnType<typeof examSnapshot>>>();
  await Promise.all(
    [...new Set(parsed.map((p) => p.examId).filter((id): id is string => !!id))].map(async (examId) => {
      try {
        snapshots.set(examId, await examSnapshot(examId, caller));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        errors.push(`exam ${examId}`);
      }
    }),
  );
  const counters = await getStudyCounters(access.study.id);
  if (counters.task_count + parsed.length > MAX_STUDY_TASKS)
    throw badRequest('study_task_limit', { max: MAX_STUDY_TASKS });
  if (errors.length) {
    const shown =
      errors.slice(0, MAX_ERRORS_SHOWN).join('; ') +
      (errors.length > MAX_ERRORS_SHOWN ? ` (+${errors.length - MAX_ERRORS_SHOWN})` : '');
    throw badRequest('study_sheet_row_errors', { errors: shown });
  }
  const ids = await nextLocalIds(access.study.id, parsed.length);
  const tasks = parsed.map((p, i) =>
    newTask(access.study, ids[i]!, {
      [`name_${ctx.language}`]: p.name,
      progress: p.progress,
      ...(p.examId
        ? snapshots.get(p.examId)!
        : { exam_id: null, exam_title_ko: '', exam_title_en: '', exam_title: '', exam_total_questions: 0 }),
    }),
  );
  await insertTasks(access.study, tasks);
  return { success: true as const, message: 'study_sheet_imported', created: tasks.length };
}
