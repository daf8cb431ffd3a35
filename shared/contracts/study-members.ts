import * as z from 'zod/mini';
import { preprocess } from './preprocess.js';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { STUDY_MEMBER_ROLES } from '../domain/study-roles.js';
import { joinRequestSchema as studyJoinRequestSchema, studyMemberSchema, type StudyMember } from './studies.js';

/**
 * Members and join requests of a study (docs/product.md#member-management). Who may call what is the
 * service's rule (docs/architecture.md §2.7, authorization table): managers are the study's creator,
 * its active study_admin / study_leader members and site admins.
 */

export const MEMBER_NAME_MAX = 100;
export const MEMBER_EMAIL_MAX = 254;
export const MEMBER_CODE_MAX = 50;
export const MEMBER_TEXT_MAX = 100;
export const JOIN_MESSAGE_MAX = 500;

/** docs/product.md#member-management: join request statuses. */
export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

const idText = () => z.string().check(z.minLength(1), z.maxLength(128));
const idParams = () => z.object({ id: idText() });

/** docs/product.md#member-management: empty optional fields are stored as null; text is trimmed first. */
const blankToNull = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value;
const nullableText = (max: number) => preprocess(blankToNull, z.nullable(z.string().check(z.maxLength(max))));
const nullableEmail = () => preprocess(blankToNull, z.nullable(z.email().check(z.maxLength(MEMBER_EMAIL_MAX))));
/** On create an absent field is null; on update an absent field keeps its value (see `updateMember`). */
const createField = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.optional(schema),
    z.transform((value) => (value ?? null) as Exclude<z.output<T>, undefined> | null),
  );

/**
 * A study member: the same shape the study detail embeds (`studyMemberSchema` of studies.ts). `email` and
 * `member_id` are personal: answered only to the study's managers and site admins (and to the member themselves),
 * everyone else gets `null` (the fields stay in the shape so one table renders both). `user` is the linked
 * registered user's id, `user_username` their username.
 */
export const memberSchema = studyMemberSchema;
export type Member = StudyMember;

/**
 * A join request as the study's managers list it: the study detail's shape plus the requester's user id and the
 * time of the answer.
 */
export const joinRequestSchema = /* @__PURE__ */ lazy(() =>
  z.extend(studyJoinRequestSchema(), { user: z.string(), responded_at: z.nullable(z.string()) }),
);
export type JoinRequest = z.infer<ReturnType<typeof joinRequestSchema>>;

/** The caller's own request, as `GET /api/study-join-request/user/` lists it. */
export const myJoinRequestSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    study: z.string(),
    status: z.enum(JOIN_REQUEST_STATUSES),
    message: z.string(),
    requested_at: z.string(),
  }),
);
export type MyJoinRequest = z.infer<ReturnType<typeof myJoinRequestSchema>>;

const detail = () => z.object({ detail: z.string() });

/** Every member of the study, in the order they joined. Readers: whoever may read the study (signed in). */
export const listStudyMembers = defineRoute({
  method: 'GET',
  path: '/api/studies/{id}/members/',
  access: 'signed-in',
  schemas: () => ({
    params: idParams(),
  }),
  response: () => z.array(memberSchema()),
});

/** Every join request of the study (pending first, then the answered ones, newest first). Managers only. */
export const listStudyJoinRequests = defineRoute({
  method: 'GET',
  path: '/api/studies/{id}/join-requests/',
  access: 'signed-in',
  schemas: () => ({
    params: idParams(),
  }),
  response: () => z.array(joinRequestSchema()),
});

/** docs/product.md#member-management: name required, email in email format, empty optional fields null. `user` links a registered user. */
export const addMember = defineRoute({
  method: 'POST',
  path: '/api/members/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({
      study: idText(),
      name: z.string().check(z.trim(), z.minLength(1), z.maxLength(MEMBER_NAME_MAX)),
      email: createField(nullableEmail()),
      member_id: createField(nullableText(MEMBER_CODE_MAX)),
      affiliation: createField(nullableText(MEMBER_TEXT_MAX)),
      location: createField(nullableText(MEMBER_TEXT_MAX)),
      role: z._default(z.enum(STUDY_MEMBER_ROLES), 'member'),
      is_active: z._default(z.boolean(), true),
      user: createField(preprocess(blankToNull, z.nullable(idText()))),
    }),
  }),
  response: () => memberSchema(),
});

/**
 * Edit, link / unlink (`user`, null unlinks), activate / deactivate. A field left out keeps its value, so the bulk
 * actions send `{ is_active }` alone; `study`, when sent, must be the member's study.
 */
export const updateMember = defineRoute({
  method: 'PUT',
  path: '/api/members/{id}/',
  access: 'signed-in',
  schemas: () => ({
    params: idParams(),
    body: z.object({
      study: z.optional(idText()),
      name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(MEMBER_NAME_MAX))),
      email: z.optional(nullableEmail()),
      member_id: z.optional(nullableText(MEMBER_CODE_MAX)),
      affiliation: z.optional(nullableText(MEMBER_TEXT_MAX)),
      location: z.optional(nullableText(MEMBER_TEXT_MAX)),
      role: z.optional(z.enum(STUDY_MEMBER_ROLES)),
      is_active: z.optional(z.boolean()),
      user: z.optional(preprocess(blankToNull, z.nullable(idText()))),
    }),
  }),
  response: () => memberSchema(),
});

/** Managers remove a member; a member linked to the caller removes themselves (leaving the study, docs/product.md#member-management). */
export const deleteMember = defineRoute({
  method: 'DELETE',
  path: '/api/members/{id}/',
  access: 'signed-in',
  schemas: () => ({
    params: idParams(),
  }),
  response: () => detail(),
});

/**
 * Import the members of `source_study` into `study` (docs/product.md#member-management). A member whose email, member code or linked user is
 * already in the target study is skipped. The caller must manage both studies (the source's emails are personal).
 */
export const importMembers = defineRoute({
  method: 'POST',
  path: '/api/members/import/',
  access: 'signed-in',
  schemas: () => ({
    body: z.object({ study: idText(), source_study: idText() }),
  }),
  response: () =>
    z.object({
      detail: z.string(),
      imported: z.number().check(z.int()),
      skipped: z.number().check(z.int()),
      total: z.number().check(z.int()),
    }),
});

/** A request to join a public study. It carries no role: approval makes a plain `member`. */
export const createJoinRequest = defineRoute({
  method: 'POST',
  path: '/api/study-join-request/',
  access: 'signed-in',
  schemas: () => ({
    body: z.pipe(
      z
        .object({
          study_id: z.optional(idText()),
          study: z.optional(idText()),
          message: z._default(z.string().check(z.trim(), z.maxLength(JOIN_MESSAGE_MAX)), ''),
        })
        .check(z.refine((b) => !!(b.study_id ?? b.study), { message: 'study_id is required', path: ['study_id'] })),
      z.transform(({ study_id, study, message }) => ({ study_id: (study_id ?? study)!, message })),
    ),
  }),
  response: () => z.object({ detail: z.string(), join_request_id: z.string(), status: z.enum(JOIN_REQUEST_STATUSES) }),
});

/** The caller's own requests, every status, newest first. */
export const listMyJoinRequests = defineRoute({
  method: 'GET',
  path: '/api/study-join-request/user/',
  access: 'signed-in',
  response: () => z.array(myJoinRequestSchema()),
});

/** Removes the caller's request for a study, whatever its status (leaving a study calls it; nothing there is not an error). */
export const removeMyJoinRequest = defineRoute({
  method: 'DELETE',
  path: '/api/study-join-request/user/{studyId}/',
  access: 'signed-in',
  schemas: () => ({
    params: z.object({ studyId: idText() }),
  }),
  response: () => z.object({ detail: z.string(), deleted: z.boolean() }),
});

/** Managers approve or reject a pending request; approval adds the requester as an active `member` in the same write. */
export const respondToJoinRequest = defineRoute({
  method: 'POST',
  path: '/api/study-join-request/{id}/respond/',
  access: 'signed-in',
  schemas: () => ({
    params: idParams(),
    body: z.object({ status: z.enum(['approved', 'rejected']) }),
  }),
  response: () => joinRequestSchema(),
});

/** The requester withdraws their pending request. (Spec path `{requestId}`: one parameter name per position.) */
export const cancelJoinRequest = defineRoute({
  method: 'DELETE',
  path: '/api/study-join-request/{id}/cancel/',
  access: 'signed-in',
  schemas: () => ({
    params: idParams(),
  }),
  response: () => detail(),
});
