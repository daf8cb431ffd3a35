import type { z } from 'zod/mini';
import type * as contracts from '#shared/contracts/study-members.js';
import type { Member } from '#shared/contracts/study-members.js';
import { type MemberKeyKind, studyMemberEntity } from './entities/study-member.js';
import { AppError, conflict, forbidden, notFound } from '../../runtime/http/app-error.js';
import { jsonReply, type Reply } from '../../runtime/http/reply.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { getUser } from '../users/index.js';
import {
  allocateLocalIds,
  getMember,
  insertMember,
  listMembers,
  MemberChanged,
  MemberKeyTaken,
  removeMember,
  replaceMember,
  StudyGone,
  type StoredMember,
  type StudyMemberRecord,
} from './member-store.js';
import { canManage, managedStudy, readableStudy, type StudyAccess } from './study-access.js';
import { memberView } from './study-views.js';

type Body<C extends { body: z.ZodMiniType }> = z.output<C['body']>;

const KEY_TAKEN: Record<MemberKeyKind, string> = {
  EMAIL: 'member_email_taken',
  CODE: 'member_code_taken',
  USER: 'member_user_taken',
};

/** Store refusals as the caller's errors: a taken claim 409, a vanished study 404, a concurrent change 409. */
export function memberWriteError(error: unknown): unknown {
  if (error instanceof MemberKeyTaken) return conflict(KEY_TAKEN[error.kind]);
  if (error instanceof StudyGone) return notFound('study_not_found');
  if (error instanceof MemberChanged) return conflict('member_changed');
  return error;
}

/** GET /api/studies/{id}/members/ — whoever may read the study. */
export async function listStudyMembers(input: { params: { id: string } }, ctx: SignedInContext): Promise<Member[]> {
  const access = await readableStudy(input.params.id, ctx.caller.user);
  const members = await listMembers(access.study.id);
  const options = { showPrivate: canManage(access), viewerId: ctx.caller.user.id };
  return members.map((member) => memberView(member, options));
}

/** The registered user a member links to: their id and username, or 404. */
async function linkedUser(userId: string | null): Promise<{ user_id: string | null; user_username: string | null }> {
  if (!userId) return { user_id: null, user_username: null };
  const user = await getUser(userId);
  if (!user) throw notFound('member_user_not_found');
  return { user_id: user.id, user_username: user.username };
}

/** POST /api/members/ — managers (S16). */
export async function addMember(
  input: { body: Body<typeof contracts.addMember> },
  ctx: SignedInContext,
): Promise<Reply> {
  const { body } = input;
  const access = await managedStudy(body.study, ctx.caller.user);
  const link = await linkedUser(body.user);
  const [localId] = await allocateLocalIds(access.study.id, 1);
  const member: StudyMemberRecord = {
    id: studyMemberEntity.newId(access.study.id, localId!),
    study_id: access.study.id,
    ...link,
    name: body.name,
    email: body.email,
    member_id: body.member_id,
    affiliation: body.affiliation,
    location: body.location,
    role: body.role,
    is_active: body.is_active,
    joined_at: new Date().toISOString(),
  };
  try {
    await insertMember(member);
  } catch (error) {
    throw memberWriteError(error);
  }
  return jsonReply(memberView(member, { showPrivate: true }), { status: 201 });
}

/** The member and the caller's access to its study; 404 for members of studies the caller cannot read. */
async function memberAndAccess(
  memberId: string,
  ctx: SignedInContext,
): Promise<{ stored: StoredMember; access: StudyAccess }> {
  const stored = await getMember(memberId);
  if (!stored) throw notFound('member_not_found');
  try {
    return { stored, access: await readableStudy(stored.member.study_id, ctx.caller.user) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound('member_not_found');
    throw error;
  }
}

/**
 * PUT /api/members/{id}/ — managers (S17). Absent fields keep their value. Nobody changes their own role unless they
 * are the study's creator or a site admin, so a study_leader cannot make themselves study_admin (or anything else).
 */
export async function updateMember(
  input: { params: { id: string }; body: Body<typeof contracts.updateMember> },
  ctx: SignedInContext,
): Promise<Member> {
  const { body } = input;
  const { stored, access } = await memberAndAccess(input.params.id, ctx);
  if (!canManage(access)) throw forbidden('member_forbidden');
  const before = stored.member;
  if (body.study !== undefined && body.study !== before.study_id) throw new AppError(400, 'member_study_mismatch');
  const ownMember = before.user_id === ctx.caller.user.id;
  if (ownMember && body.role !== undefined && body.role !== before.role && !access.isAdmin && !access.isCreator)
    throw forbidden('member_own_role');
  const link =
    body.user === undefined
      ? { user_id: before.user_id, user_username: before.user_username }
      : await linkedUser(body.user);
  const after: StudyMemberRecord = {
    ...before,
    ...link,
    name: body.name ?? before.name,
    email: body.email === undefined ? before.email : body.email,
    member_id: body.member_id === undefined ? before.member_id : body.member_id,
    affiliation: body.affiliation === undefined ? before.affiliation : body.affiliation,
    location: body.location === undefined ? before.location : body.location,
    role: body.role ?? before.role,
    is_active: body.is_active ?? before.is_active,
  };
  try {
    await replaceMember(stored, after);
  } catch (error) {
    throw memberWriteError(error);
  }
  return memberView(after, { showPrivate: true });
}

/** DELETE /api/members/{id}/ — managers remove anyone; a member linked to the caller removes themselves (leaving, S18). */
export async function deleteMember(input: { params: { id: string } }, ctx: SignedInContext) {
  const { stored, access } = await memberAndAccess(input.params.id, ctx);
  const leaving = stored.member.user_id === ctx.caller.user.id;
  if (!leaving && !canManage(access)) throw forbidden('member_forbidden');
  try {
    await removeMember(stored, { leaving });
  } catch (error) {
    throw memberWriteError(error);
  }
  return { detail: errorMessage(leaving ? 'member_left_study' : 'member_deleted', ctx.language) };
}

/** Members copied per import transaction at once: enough to finish 500 members well inside the request. */
const IMPORT_CONCURRENCY = 8;

/**
 * POST /api/members/import/ — the caller manages both studies. Each source member is added as a new member of the
 * target (S16, one transaction each); one whose email, member code or linked user the target already has is skipped.
 */
export async function importMembers(input: { body: Body<typeof contracts.importMembers> }, ctx: SignedInContext) {
  const { body } = input;
  const target = await managedStudy(body.study, ctx.caller.user);
  const source = await managedStudy(body.source_study, ctx.caller.user);
  const members = source.study.id === target.study.id ? [] : await listMembers(source.study.id);
  const localIds = members.length ? await allocateLocalIds(target.study.id, members.length) : [];
  const joinedAt = new Date().toISOString();
  let imported = 0;
  let skipped = 0;
  let next = 0;
  const worker = async () => {
    while (next < members.length) {
      const index = next++;
      const copy: StudyMemberRecord = {
        ...members[index]!,
        id: studyMemberEntity.newId(target.study.id, localIds[index]!),
        study_id: target.study.id,
        joined_at: joinedAt,
      };
      try {
        await insertMember(copy);
        imported++;
      } catch (error) {
        if (!(error instanceof MemberKeyTaken)) throw memberWriteError(error);
        skipped++;
      }
    }
  };
  await Promise.all(Array.from({ length: IMPORT_CONCURRENCY }, worker));
  return {
    detail: errorMessage('members_imported', ctx.language, { imported, skipped }),
    imported,
    skipped,
    total: members.length,
  };
}
