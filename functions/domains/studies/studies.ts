import type * as studies from '#shared/contracts/studies.js';
import { pickLocalized, type Language } from '#shared/domain/language.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { readMergedStreams, type Stream } from '../../runtime/data/merged-streams.js';
import { nameKey } from '../../runtime/data/key-parts.js';
import { studyEntity, studyListShards, type StudyRecord } from './entities/study.js';
import { type StudyMemberRecord } from './entities/study-member.js';
import { newId } from '../../runtime/data/ids.js';
import { requiredDomainTagId, withDomainTag, adjustUsage } from '../tags/index.js';
import { tagRefs, selectFields } from '../exams/index.js';
import { AppError, badRequest, conflict } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { RequestContext, SignedInContext, CallerUser } from '../../runtime/http/types.js';
import { getUser } from '../users/index.js';
import { canDelete, canManage, canRead, loadStudyAccess, managedStudy, readableStudy } from './study-access.js';
import { continueStudyDeletion, startStudyDeletion } from './study-delete.js';
import { tasksWithProgress } from './progress-store.js';
import {
  countersOfStudies,
  getStudies,
  insertStudy,
  membershipsOf,
  readStudyPartition,
  saveStudy,
  StudyTitleTakenError,
  takenTitleKeys,
} from './study-store.js';
import {
  countersView,
  joinRequestView,
  memberView,
  permissionsView,
  studyView,
  taskView,
  visibleTasks,
} from './study-views.js';

/** Pages of 1 MB one list stream may read per answer (S1, S3): the bound on an answer's requests. */
const MAX_PAGES_PER_STREAM = 2;
/** A delete answers within API Gateway's 29 s: the cascade stops after this and continues later (S12). */
const DELETE_BUDGET_MS = 20_000;

const languageOf = (query: { lang?: Language }, ctx: RequestContext): Language => query.lang ?? ctx.language;
const today = () => new Date().toISOString().slice(0, 10);

/** The distinct name keys of a study's non-empty titles: what the creator's title claims hold. */
const titleKeysOf = (study: Pick<StudyRecord, 'title_ko' | 'title_en'>) => [
  ...new Set([study.title_ko, study.title_en].filter((t) => t.trim()).map(nameKey)),
];

/**
 * GET /api/studies/ (S1–S4). Streams: public shards (`is_public=true`, anonymous visitors, and the
 * "all" view of signed-in users), every shard for site admins, the caller's memberships for
 * `my_studies=true` (one Query + one BatchGet; ≤ 200 studies, no cursor). Signed-in non-admins'
 * "all" view also holds their private studies on its first page. Tags: the special-domain tag
 * (from the viewer's host) is required; the listed `tags` keep studies that carry any of them.
 * Requests: ≤ 2 pages per shard stream (4 or 8 streams, in parallel), whatever the number of studies.
 */
export async function listStudies(input: ServiceInput<typeof studies.listStudies>, ctx: RequestContext) {
  const caller = ctx.caller?.user ?? null;
  const { query } = input;
  const language = languageOf(query, ctx);
  const pageSize = query.page_size ?? 50;
  const domainTagId = await requiredDomainTagId(ctx);
  const matchesTags = (study: StudyRecord) =>
    (!domainTagId || study.tag_ids.includes(domainTagId)) &&
    (!query.tags?.length || query.tags.some((t) => study.tag_ids.includes(t)));

  let records: StudyRecord[];
  let next: string | null = null;
  if (query.my_studies) {
    if (!caller) throw new AppError(401, 'authentication_required');
    records = (await myStudies(caller.id)).filter(matchesTags);
    if (query.is_public !== undefined) records = records.filter((s) => s.is_public === query.is_public);
  } else {
    const admin = isSiteAdmin(caller);
    const visibilities =
      query.is_public === true || !admin ? [true] : query.is_public === false ? [false] : [true, false];
    const streams: Stream[] = visibilities.flatMap((isPublic) =>
      studyListShards(isPublic).map((pk) => ({ index: 'gsi2' as const, pk })),
    );
    const clauses: string[] = [];
    const values: Record<string, NativeAttributeValue> = {};
    if (domainTagId) {
      clauses.push('contains(tag_ids, :domainTag)');
      values[':domainTag'] = domainTagId;
    }
    if (query.tags?.length) {
      clauses.push(`(${query.tags.map((_, i) => `contains(tag_ids, :t${i})`).join(' OR ')})`);
      query.tags.forEach((t, i) => (values[`:t${i}`] = t));
    }
    const page = await readMergedStreams(streams, {
      cursor: query.cursor,
      pageSize,
      filter: { clauses, values },
      maxPagesPerStream: MAX_PAGES_PER_STREAM,
    });
    records = page.items.map(studyEntity.parse);
    next = page.next;
    // "All" for a signed-in user: their private studies too, on the first page (D43).
    if (caller && !admin && query.is_public === undefined && !query.cursor) {
      const seen = new Set(records.map((s) => s.id));
      const mine = (await myStudies(caller.id)).filter((s) => !s.is_public && !seen.has(s.id) && matchesTags(s));
      records = [...mine, ...records];
    }
  }
  // D95: the counters of the page in one BatchGetItem (≤ 100 studies), only when asked.
  const counters = query.with_counters ? await countersOfStudies(records.map((s) => s.id)) : null;
  const results = records.map((study) =>
    selectFields(studyView(study, language, counters ? countersView(counters.get(study.id)!) : {}), query.select),
  );
  return { count: results.length, next, results };
}

/** S2: the caller's studies, newest start first: one Query of memberships + one BatchGet of their META. */
async function myStudies(userId: string): Promise<StudyRecord[]> {
  const memberships = await membershipsOf(userId);
  const found = await getStudies(memberships.map((m) => m.study_id));
  return found.sort((a, b) =>
    a.start_date < b.start_date ? 1 : a.start_date > b.start_date ? -1 : b.id.localeCompare(a.id),
  );
}

/** POST /api/studies/ (S10): the title in the request language is required and must not be one of the creator's other studies'. */
export async function createStudy(input: ServiceInput<typeof studies.createStudy>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const body = input.body;
  const language = ctx.language;
  if (!body[`title_${language}`]?.trim()) throw badRequest('study_title_required');
  const startDate = body.start_date ?? today();
  const endDate = body.end_date ?? null;
  if (endDate && endDate < startDate) throw badRequest('study_dates_invalid');
  const tags = await tagRefs(withDomainTag(body.tags, await requiredDomainTagId(ctx)));
  const now = new Date().toISOString();
  const study: StudyRecord = {
    id: newId(),
    title_ko: body.title_ko?.trim() ?? '',
    title_en: body.title_en?.trim() ?? '',
    goal_ko: body.goal_ko ?? '',
    goal_en: body.goal_en ?? '',
    created_language: language,
    start_date: startDate,
    end_date: endDate,
    is_public: body.is_public ?? true,
    created_at: now,
    created_by_id: caller.id,
    created_by_username: caller.username,
    tags,
    tag_ids: tags.map((t) => t.id),
    title_keys: [],
  };
  study.title_keys = titleKeysOf(study);
  const [taken, profile] = await Promise.all([takenTitleKeys(caller.id, study.title_keys), getUser(caller.id)]);
  if (taken.length) throw conflict('study_title_taken', { title: pickLocalized(study, 'title', language) });
  const creator: StudyMemberRecord = {
    id: `${study.id}_1`,
    study_id: study.id,
    user_id: caller.id,
    user_username: caller.username,
    name: [profile?.first_name, profile?.last_name].filter(Boolean).join(' ') || caller.username,
    email: profile?.email || null,
    member_id: null,
    affiliation: profile?.affiliation || null,
    location: profile?.location || null,
    role: 'study_admin',
    is_active: true,
    joined_at: now,
  };
  try {
    await insertStudy(study, creator);
  } catch (error) {
    if (error instanceof StudyTitleTakenError)
      throw conflict('study_title_taken', { title: pickLocalized(study, 'title', language) });
    throw error;
  }
  await adjustUsage(study.tag_ids, 1);
  const access = { study, caller, isAdmin: isSiteAdmin(caller), isCreator: true, membership: null, joinRequest: null };
  return studyView(study, language, {
    tasks: [],
    members: [memberView(creator, { showPrivate: true })],
    join_requests: [],
    task_count: 0,
    member_count: 1,
    question_total: 0,
    user_permissions: permissionsView(access),
  });
}

/**
 * GET /api/studies/{id}/ (S5): 1 BatchGet (META + the caller's membership and join request) +
 * 2 Queries of the study partition (members/join requests; counters/tasks), whatever the size.
 */
export async function getStudy(input: ServiceInput<typeof studies.getStudy>, ctx: RequestContext) {
  const caller = ctx.caller?.user ?? null;
  const language = languageOf(input.query, ctx);
  const access = await readableStudy(input.params.id, caller);
  const manager = canManage(access);
  const partition = await readStudyPartition(access.study.id, manager);
  const tasks = visibleTasks(partition.tasks, access);
  // The caller's own progress per task exam: one BatchGet of their EXAMSUM# items (tasks are capped at 200).
  const progress = caller ? await tasksWithProgress(caller.id, tasks) : null;
  const view = studyView(access.study, language, {
    tasks: tasks.map((t, i) => taskView(t, language, progress?.[i]?.progress ?? null)),
    // The member table is shown to signed-in visitors only (docs/product.md#study-detail).
    members: caller ? partition.members.map((m) => memberView(m, { showPrivate: manager, viewerId: caller.id })) : [],
    join_requests: manager ? partition.joinRequests.map((r) => joinRequestView(r, { showEmail: true })) : [],
    ...countersView(partition.counters),
    overall_progress: access.membership?.overall_progress ?? null,
    user_permissions: permissionsView(access),
  });
  return selectFields(view, input.query.select);
}

/** PATCH /api/studies/{id}/ (S11): managers; any subset of the fields; tags keep the special-domain tag and move usage counts. */
export async function updateStudy(input: ServiceInput<typeof studies.updateStudy>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const access = await managedStudy(input.params.id, caller);
  const before = access.study;
  const body = input.body;
  const after: StudyRecord = { ...before };
  for (const field of ['title_ko', 'title_en', 'goal_ko', 'goal_en'] as const)
    if (body[field] !== undefined) after[field] = body[field];
  if (body.start_date !== undefined) after.start_date = body.start_date;
  if (body.end_date !== undefined) after.end_date = body.end_date;
  if (body.is_public !== undefined) after.is_public = body.is_public;
  if (!after.title_ko.trim() && !after.title_en.trim()) throw badRequest('study_title_required');
  if (after.end_date && after.end_date < after.start_date) throw badRequest('study_dates_invalid');
  if (body.tags !== undefined) {
    const tags = await tagRefs(withDomainTag(body.tags, await requiredDomainTagId(ctx)));
    after.tags = tags;
    after.tag_ids = tags.map((t) => t.id);
  }
  after.title_keys = titleKeysOf(after);
  const added = after.title_keys.filter((k) => !before.title_keys.includes(k));
  if ((await takenTitleKeys(before.created_by_id, added, before.id)).length)
    throw conflict('study_title_taken', { title: pickLocalized(after, 'title', ctx.language) });
  try {
    await saveStudy(before, after);
  } catch (error) {
    if (error instanceof StudyTitleTakenError)
      throw conflict('study_title_taken', { title: pickLocalized(after, 'title', ctx.language) });
    throw error;
  }
  await Promise.all([
    adjustUsage(
      after.tag_ids.filter((t) => !before.tag_ids.includes(t)),
      1,
    ),
    adjustUsage(
      before.tag_ids.filter((t) => !after.tag_ids.includes(t)),
      -1,
    ),
  ]);
  return studyView(after, ctx.language, { user_permissions: permissionsView({ ...access, study: after }) });
}

/**
 * DELETE /api/studies/{id}/ (S12, study-delete.ts): managers. The study is gone for every reader
 * at once; its items go within the request's budget, the rest in the background (`pending`).
 * Repeating the call on a study whose deletion is unfinished continues it (creator and site admins).
 */
export async function deleteStudy(input: ServiceInput<typeof studies.deleteStudy>, ctx: SignedInContext) {
  const caller: CallerUser = ctx.caller.user;
  const access = await loadStudyAccess(input.params.id, caller, { includeDeleting: true });
  if (!access || (access.study.deleting_at ? !(access.isAdmin || access.isCreator) : !canRead(access)))
    throw new AppError(404, 'study_not_found');
  if (!canDelete(access)) throw new AppError(403, 'study_forbidden');
  await startStudyDeletion(access.study);
  const outcome = await continueStudyDeletion(access.study.id, Date.now() + DELETE_BUDGET_MS);
  return {
    success: true as const,
    message: outcome.completed ? 'study_deleted' : 'study_delete_continues',
    pending: !outcome.completed,
  };
}
