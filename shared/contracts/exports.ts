import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';

/** What a background export builds: the caller's data export, (admins) the users sheet, a question file's or an exam's questions (D198). */
export const EXPORT_KINDS = ['user-data', 'users-sheet', 'question-file', 'exam-questions'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_STATUSES = ['pending', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** A background export job as its owner sees it (D195). */
export const exportJobAnswer = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    kind: z.enum(EXPORT_KINDS),
    status: z.enum(EXPORT_STATUSES),
    file_name: z.string(),
    created_at: z.string(),
    /** When `failed`: a stable error code and its message in the caller's language. */
    code: z.optional(z.string()),
    detail: z.optional(z.string()),
  }),
);
export type ExportJob = z.infer<ReturnType<typeof exportJobAnswer>>;

const jobRef = /* @__PURE__ */ lazy(() => z.object({ id: z.string().check(z.regex(/^[0-9a-z]{20}$/)) }));

/** Starts building the caller's data export in the background: 202 with the job. */
export const startUserDataExport = defineRoute({
  method: 'POST',
  path: '/api/export-user-data/',
  access: 'signed-in',
  response: () => exportJobAnswer(),
});

/** Starts building the users sheet in the background (admins): 202 with the job. */
export const startUsersSheetExport = defineRoute({
  method: 'POST',
  path: '/api/users/download-excel/',
  access: 'admin',
  response: () => exportJobAnswer(),
});

/** The job's state; only its owner sees it (404 for anyone else). */
export const getExportJob = defineRoute({
  method: 'GET',
  path: '/api/exports/{id}/',
  access: 'signed-in',
  schemas: () => ({ params: jobRef() }),
  response: () => exportJobAnswer(),
});

/** A finished job's file: 302 to a short-lived presigned GET; 409 while pending or after a failure. */
export const downloadExport = defineRoute({
  method: 'GET',
  path: '/api/exports/{id}/download/',
  access: 'signed-in',
  schemas: () => ({ params: jobRef() }),
});
