import * as z from 'zod/mini';
import { preprocess } from './preprocess.js';
import { commaList } from './query-lists.js';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { flagSchema, uploadedFileSchema } from './files.js';
import { tagSchema } from './tags.js';
import { languageSchema } from '../domain/language.js';
import { studyMemberRoleSchema } from '../domain/study-roles.js';

/** Studies and study tasks (docs/product.md#studies). Members and join requests: study-members.ts. */

export const STUDY_TITLE_MAX = 200;
export const STUDY_GOAL_MAX = 5000;
export const STUDY_TASK_NAME_MAX = 200;
export const MAX_STUDY_TAGS = 10;
/** Tasks per study: the detail, the sheet and the random-practice pool (S26) read them all. */
export const MAX_STUDY_TASKS = 200;

export { STUDY_MEMBER_ROLES, studyMemberRoleSchema, type StudyMemberRole } from '../domain/study-roles.js';

/** yyyy-mm-dd (the form's date input). */
const dateSchema = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'date expected as yyyy-mm-dd'));
const studyIdParam = () => z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
const taskIdParam = () => z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

/** A member as the study screens show it; `email` and `member_id` are null unless the caller manages the study. */
export const studyMemberSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    study: z.string(),
    user: z.nullable(z.string()),
    user_username: z.nullable(z.string()),
    name: z.string(),
    email: z.nullable(z.string()),
    member_id: z.nullable(z.string()),
    affiliation: z.nullable(z.string()),
    location: z.nullable(z.string()),
    role: studyMemberRoleSchema(),
    is_active: z.boolean(),
    joined_at: z.string(),
    /** S23: the member's overall progress, null until recorded. */
    progress: z.nullable(z.number()),
  }),
);
export type StudyMember = z.infer<ReturnType<typeof studyMemberSchema>>;

export const joinRequestSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    study: z.string(),
    user_username: z.string(),
    /** Null unless the caller manages the study (or it is the caller's own request). */
    user_email: z.nullable(z.string()),
    message: z.string(),
    requested_at: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
    responded_by_username: z.nullable(z.string()),
  }),
);
export type JoinRequest = z.infer<ReturnType<typeof joinRequestSchema>>;

export const studyTaskExamSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    title_ko: z.string(),
    title_en: z.string(),
    display_title: z.string(),
    questions: z.number().check(z.int()),
  }),
);

export const studyTaskSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    study: z.string(),
    name_ko: z.string(),
    name_en: z.string(),
    name: z.string(),
    exam: z.nullable(studyTaskExamSchema()),
    progress: z.number(),
    is_public: z.boolean(),
    created_at: z.string(),
    /** The caller's results on the task exam (the progress fields; null without data). */
    correct_attempts: z.nullable(z.number().check(z.int())),
    total_attempts: z.nullable(z.number().check(z.int())),
    accuracy_percentage: z.nullable(z.number()),
    attempted_progress: z.nullable(z.number()),
    correct_progress: z.nullable(z.number()),
    user_progress: z.nullable(z.number()),
  }),
);
export type StudyTask = z.infer<ReturnType<typeof studyTaskSchema>>;

/** The caller's relation to a study, so screens need not recompute the rules of the authorization table (§2.7). */
export const studyPermissionsSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    is_member: z.boolean(),
    is_active_member: z.boolean(),
    member_role: z.nullable(studyMemberRoleSchema()),
    is_creator: z.boolean(),
    is_admin: z.boolean(),
    can_manage: z.boolean(),
    can_delete: z.boolean(),
    can_use_sheets: z.boolean(),
    join_request_status: z.nullable(z.enum(['pending', 'approved', 'rejected'])),
  }),
);
export type StudyPermissions = z.infer<ReturnType<typeof studyPermissionsSchema>>;

export const studySchema = /* @__PURE__ */ lazy(() =>
  z.extend(
    z.partial(
      z.object({
        id: z.string(),
        title_ko: z.string(),
        title_en: z.string(),
        display_title: z.string(),
        goal_ko: z.string(),
        goal_en: z.string(),
        is_ko_complete: z.boolean(),
        is_en_complete: z.boolean(),
        created_language: languageSchema(),
        start_date: z.string(),
        end_date: z.nullable(z.string()),
        is_public: z.boolean(),
        created_at: z.string(),
        created_by: z.object({ id: z.string(), username: z.string() }),
        tags: z.array(tagSchema()),
        /** Detail only (lists leave them out). */
        tasks: z.array(studyTaskSchema()),
        members: z.array(studyMemberSchema()),
        /** Detail, for managers only. */
        join_requests: z.array(joinRequestSchema()),
        task_count: z.number().check(z.int()),
        member_count: z.number().check(z.int()),
        /** The random-practice pool's size: the questions of the distinct task exams (D95). Detail, and lists asked `with_counters`. */
        question_total: z.number().check(z.int()),
        /** The caller's overall progress, null when not a member or not recorded. */
        overall_progress: z.nullable(z.number()),
        user_permissions: studyPermissionsSchema(),
      }),
    ),
    { id: z.string() },
  ),
);
export type Study = z.infer<ReturnType<typeof studySchema>>;

export const STUDY_PAGE_SIZE_MAX = 100;

/**
 * GET /api/studies/: public studies (`is_public=true`, and the only ones an anonymous visitor
 * gets), the caller's studies (`my_studies=true`), or everything the caller may see (public +
 * their own; site admins: every study). `tags` keeps studies carrying every listed tag; on a
 * special-domain host its tag is added. `select` picks fields, `lang` overrides the language.
 * `with_counters` adds each study's `task_count`, `member_count` and `question_total` (one more
 * request per page, D95: the random-practice grid needs no request per study).
 */
export const listStudies = defineRoute({
  method: 'GET',
  path: '/api/studies/',
  access: 'public',
  schemas: () => ({
    query: z.looseObject({
      is_public: z.optional(flagSchema()),
      my_studies: z.optional(flagSchema()),
      with_counters: z.optional(flagSchema()),
      tags: commaList(),
      select: z.optional(z.string().check(z.maxLength(1000))),
      lang: z.catch(z.optional(languageSchema()), undefined),
      page_size: z.optional(z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(STUDY_PAGE_SIZE_MAX)), 50)),
      cursor: z.optional(z.string().check(z.maxLength(2000))),
    }),
  }),
  response: () =>
    z.object({ count: z.number().check(z.int()), next: z.nullable(z.string()), results: z.array(studySchema()) }),
});

/** The fields of the study form (create and update). */
const studyFields = () => ({
  title_ko: z.optional(z.string().check(z.trim(), z.maxLength(STUDY_TITLE_MAX))),
  title_en: z.optional(z.string().check(z.trim(), z.maxLength(STUDY_TITLE_MAX))),
  goal_ko: z.optional(z.string().check(z.maxLength(STUDY_GOAL_MAX))),
  goal_en: z.optional(z.string().check(z.maxLength(STUDY_GOAL_MAX))),
  start_date: preprocess((v) => (v === '' ? undefined : v), z.optional(dateSchema())),
  end_date: preprocess((v) => (v === '' ? null : v), z.optional(z.nullable(dateSchema()))),
  is_public: z.optional(flagSchema()),
  tags: z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(MAX_STUDY_TAGS))),
});

/** POST /api/studies/: the title in the request language is required (docs/product.md#studies); defaults: public, start today. */
export const createStudy = defineRoute({
  method: 'POST',
  path: '/api/studies/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object(studyFields()),
  }),
  response: () => studySchema(),
});

export const getStudy = defineRoute({
  method: 'GET',
  path: '/api/studies/{id}/',
  access: 'public',
  schemas: () => ({
    params: studyIdParam(),
    query: z.looseObject({
      select: z.optional(z.string().check(z.maxLength(1000))),
      lang: z.catch(z.optional(languageSchema()), undefined),
    }),
  }),
  response: () => studySchema(),
});

/** PATCH /api/studies/{id}/: any subset of the fields; `tags` alone is the tag manager's call. */
export const updateStudy = defineRoute({
  method: 'PATCH',
  path: '/api/studies/{id}/',
  access: 'signed-in',
  schemas: () => ({
    params: studyIdParam(),
    body: z.object(studyFields()),
  }),
  response: () => studySchema(),
});

export const deleteStudy = defineRoute({
  method: 'DELETE',
  path: '/api/studies/{id}/',
  access: 'signed-in',
  schemas: () => ({
    params: studyIdParam(),
  }),
  /** `pending`: a large study's remaining items are removed in the background (it is already gone from every read). */
  response: () => z.object({ success: z.literal(true), message: z.string(), pending: z.boolean() }),
});

/** `{title}_tasks.xlsx`, sheet "Task list" (docs/product.md#studies). */
export const downloadStudyTasksSheet = defineRoute({
  method: 'GET',
  path: '/api/studies/{id}/download-excel/',
  access: 'public',
  schemas: () => ({
    params: studyIdParam(),
  }),
});

/** All-or-nothing: any row error refuses the whole sheet (400 with `errors`). */
export const uploadStudyTasksSheet = defineRoute({
  method: 'POST',
  path: '/api/studies/upload-excel/',
  access: 'signed-in',
  bodyKind: 'multipart',
  schemas: () => ({
    body: z.looseObject({ file: uploadedFileSchema(), study_id: z.string().check(z.minLength(1), z.maxLength(100)) }),
  }),
  response: () => z.object({ success: z.literal(true), message: z.string(), created: z.number().check(z.int()) }),
});

/** GET /api/study-tasks/: the tasks of one readable study (`study`), or of the caller's studies. */
export const listStudyTasks = defineRoute({
  method: 'GET',
  path: '/api/study-tasks/',
  access: 'public',
  schemas: () => ({
    query: z.looseObject({
      study: z.optional(z.string().check(z.maxLength(100))),
      lang: z.catch(z.optional(languageSchema()), undefined),
    }),
  }),
  response: () => z.array(studyTaskSchema()),
});

const progressSchema = () => z.coerce.number().check(z.gte(0), z.lte(100));
const examRef = () =>
  preprocess(
    (v) => (v === '' ? null : v),
    z.optional(
      z.nullable(
        z.union([z.string().check(z.minLength(1), z.maxLength(100)), z.pipe(z.number(), z.transform(String))]),
      ),
    ),
  );

/** POST /api/study-tasks/: the name in the request language is required; `is_public` defaults to the study's. */
export const createStudyTask = defineRoute({
  method: 'POST',
  path: '/api/study-tasks/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({
      study: z.union([z.string().check(z.minLength(1), z.maxLength(100)), z.pipe(z.number(), z.transform(String))]),
      name_ko: z.optional(z.string().check(z.trim(), z.maxLength(STUDY_TASK_NAME_MAX))),
      name_en: z.optional(z.string().check(z.trim(), z.maxLength(STUDY_TASK_NAME_MAX))),
      exam: examRef(),
      progress: z.optional(progressSchema()),
      is_public: z.optional(flagSchema()),
    }),
  }),
  response: () => studyTaskSchema(),
});

export const updateStudyTask = defineRoute({
  method: 'PUT',
  path: '/api/study-tasks/{id}/',
  access: 'signed-in',
  schemas: () => ({
    params: taskIdParam(),
    body: z.looseObject({
      study: z.optional(z.union([z.string().check(z.maxLength(100)), z.pipe(z.number(), z.transform(String))])),
      name_ko: z.optional(z.string().check(z.trim(), z.maxLength(STUDY_TASK_NAME_MAX))),
      name_en: z.optional(z.string().check(z.trim(), z.maxLength(STUDY_TASK_NAME_MAX))),
      exam: examRef(),
      progress: z.optional(progressSchema()),
      is_public: z.optional(flagSchema()),
    }),
  }),
  response: () => studyTaskSchema(),
});

export const deleteStudyTask = defineRoute({
  method: 'DELETE',
  path: '/api/study-tasks/{id}/',
  access: 'signed-in',
  schemas: () => ({
    params: taskIdParam(),
  }),
  response: () => z.object({ success: z.literal(true) }),
});
