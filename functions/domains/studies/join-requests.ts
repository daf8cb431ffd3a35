import type { z } from 'zod/mini';
import type * as contracts from '#shared/contracts/study-members.js';
import type { JoinRequest, MyJoinRequest } from '#shared/contracts/study-members.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { getUser, displayName } from '../users/index.js';
import { parseJoinRequestId } from './entities/study-join-request.js';
import { studyMemberEntity } from './entities/study-member.js';
import { conflict, forbidden, notFound } from '../../runtime/http/app-error.js';
import { jsonReply, type Reply } from '../../runtime/http/reply.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import {
  answerJoinRequest,
  deleteJoinRequest,
  getJoinRequest,
  insertJoinRequest,
  JoinRequestNotPending,
  JoinRequestRefused,
  listStudyJoinRequests,
  listUserJoinRequests,
  type JoinRequestRecord,
} from './join-request-store.js';
import { allocateLocalIds, MemberKeyTaken, type StudyMemberRecord } from './member-store.js';
import { managedStudy, readableStudy } from './study-access.js';
import { joinRequestView as studyJoinRequestView } from './study-views.js';
import { memberWriteError } from './members.js';

type Body<C extends { body: z.ZodMiniType }> = z.output<C['body']>;

const REFUSAL_CODE = {
  study_private: 'join_request_private_study',
  already_pending: 'join_request_pending',
  already_member: 'join_request_already_member',
} as const;

/** The study detail's request (views.ts) plus the requester's id and the answer's time; only managers list requests. */
function joinRequestView(request: JoinRequestRecord): JoinRequest {
  return {
    ...studyJoinRequestView(request, { showEmail: true }),
    user: request.user_id,
    responded_at: request.responded_at,
  };
}

const byNewest = (a: { requested_at: string }, b: { requested_at: string }) =>
  b.requested_at.localeCompare(a.requested_at);

/** GET /api/studies/{id}/join-requests/ — managers (S7): pending first, then answered, newest first in each. */
export async function listJoinRequestsOfStudy(
  input: { params: { id: string } },
  ctx: SignedInContext,
): Promise<JoinRequest[]> {
  const access = await managedStudy(input.params.id, ctx.caller.user);
  const requests = await listStudyJoinRequests(access.study.id);
  const pending = requests.filter((r) => r.status === 'pending').sort(byNewest);
  const answered = requests.filter((r) => r.status !== 'pending').sort(byNewest);
  return [...pending, ...answered].map(joinRequestView);
}

/**
 * POST /api/study-join-request/ — a signed-in user asks to join a public study they can see (S19). A private study
 * refuses, also when it turns private while the request is written (the transaction checks META).
 */
export async function createJoinRequest(
  input: { body: Body<typeof contracts.createJoinRequest> },
  ctx: SignedInContext,
): Promise<Reply> {
  const me = ctx.caller.user;
  const access = await readableStudy(input.body.study_id, me);
  if (!access.study.is_public) throw forbidden('join_request_private_study');
  if (access.membership) throw conflict('join_request_already_member');
  const user = await getUser(me.id);
  if (!user) throw notFound('member_user_not_found');
  const request: JoinRequestRecord = {
    id: `${access.study.id}_${me.id}`,
    study_id: access.study.id,
    user_id: me.id,
    user_username: user.username,
    user_email: user.email,
    message: input.body.message,
    requested_at: new Date().toISOString(),
    status: 'pending',
    responded_by_username: null,
    responded_at: null,
  };
  try {
    await insertJoinRequest(request);
  } catch (error) {
    if (!(error instanceof JoinRequestRefused)) throw error;
    throw error.reason === 'study_private'
      ? forbidden(REFUSAL_CODE[error.reason])
      : conflict(REFUSAL_CODE[error.reason]);
  }
  return jsonReply(
    { detail: errorMessage('join_request_created', ctx.language), join_request_id: request.id, status: request.status },
    { status: 201 },
  );
}

/** GET /api/study-join-request/user/ — the caller's own requests (S20). */
export async function listMyJoinRequests(_input: unknown, ctx: SignedInContext): Promise<MyJoinRequest[]> {
  const requests = await listUserJoinRequests(ctx.caller.user.id);
  return requests
    .sort(byNewest)
    .map((r) => ({ id: r.id, study: r.study_id, status: r.status, message: r.message, requested_at: r.requested_at }));
}

/** DELETE /api/study-join-request/user/{studyId}/ — the caller's request for that study, whatever its status (S21). */
export async function removeMyJoinRequest(input: { params: { studyId: string } }, ctx: SignedInContext) {
  const deleted = await deleteJoinRequest(input.params.studyId, ctx.caller.user.id, { pendingOnly: false });
  return { detail: errorMessage(deleted ? 'join_request_removed' : 'join_request_none', ctx.language), deleted };
}

/** DELETE /api/study-join-request/{id}/cancel/ — the requester withdraws a pending request (S21). Others: 404. */
export async function cancelJoinRequest(input: { params: { id: string } }, ctx: SignedInContext) {
  const ids = parseJoinRequestId(input.params.id);
  if (!ids || ids.userId !== ctx.caller.user.id) throw notFound('join_request_not_found');
  if (await deleteJoinRequest(ids.studyId, ids.userId, { pendingOnly: true }))
    return { detail: errorMessage('join_request_cancelled', ctx.language) };
  const request = await getJoinRequest(ids.studyId, ids.userId);
  throw request ? conflict('join_request_not_pending') : notFound('join_request_not_found');
}

/** The member an approval adds: the requester, active, role `member` (a request carries no role). */
async function memberFor(request: JoinRequestRecord): Promise<StudyMemberRecord> {
  const [localId] = await allocateLocalIds(request.study_id, 1);
  const user = await getUser(request.user_id);
  return {
    id: studyMemberEntity.newId(request.study_id, localId!),
    study_id: request.study_id,
    user_id: request.user_id,
    user_username: request.user_username,
    name: (user && displayName(user)) || request.user_username,
    email: request.user_email || null,
    member_id: null,
    affiliation: null,
    location: null,
    role: 'member',
    is_active: true,
    joined_at: new Date().toISOString(),
  };
}

/**
 * POST /api/study-join-request/{id}/respond/ — managers answer a pending request (S22), never their own. Approval
 * adds the requester in the same transaction. If the requester's email is already another member's, the new member
 * is added without it; if the requester is already a member (added by hand meanwhile), the request is only marked.
 */
export async function respondToJoinRequest(
  input: { params: { id: string }; body: Body<typeof contracts.respondToJoinRequest> },
  ctx: SignedInContext,
) {
  const me = ctx.caller.user;
  const ids = parseJoinRequestId(input.params.id);
  if (!ids) throw notFound('join_request_not_found');
  await managedStudy(ids.studyId, me);
  if (ids.userId === me.id) throw forbidden('join_request_own');
  const request = await getJoinRequest(ids.studyId, ids.userId);
  if (!request) throw notFound('join_request_not_found');
  if (request.status !== 'pending') throw conflict('join_request_not_pending');
  const answered: JoinRequestRecord = {
    ...request,
    status: input.body.status,
    responded_by_username: me.username,
    responded_at: new Date().toISOString(),
  };
  let member = answered.status === 'approved' ? await memberFor(request) : null;
  for (let attempt = 0; ; attempt++) {
    try {
      await answerJoinRequest(answered, member);
      return joinRequestView(answered);
    } catch (error) {
      if (error instanceof JoinRequestNotPending) throw conflict('join_request_not_pending');
      if (!(error instanceof MemberKeyTaken) || !member || attempt >= 2) throw memberWriteError(error);
      // The email is another member's: add without it. The user is a member already: only mark the request.
      member = error.kind === 'EMAIL' ? { ...member, email: null } : null;
    }
  }
}
