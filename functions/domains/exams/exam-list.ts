import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type * as exams from '#shared/contracts/exams.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import { readMergedStreams, type Stream } from '../../runtime/data/merged-streams.js';
import { examEntity, examListShards } from './entities/exam.js';
import { nameKey } from '../../runtime/data/key-parts.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { RequestContext, CallerUser } from '../../runtime/http/types.js';
import { type ExamRecord } from './exam-store.js';
import { subscriptionsOf } from './subscription-store.js';
import { examView, selectFields } from './exam-views.js';

/** Pages of 1 MB one stream may read per answer: what bounds an answer's DynamoDB requests. */
const MAX_PAGES_PER_STREAM = 3;

/**
 * Which index partitions answer the list: my exams (gsi1, the creator index of examEntity), public exams
 * (gsi2 `PUBLICEXAMS#0..3`), and for admins private ones too (gsi2 `PRIVATEEXAMS#0..3`), merged
 * newest first.
 */
function streamsFor(query: ServiceInput<typeof exams.listExams>['query'], caller: CallerUser | null): Stream[] {
  // Personal exams (`kind`, e.g. single-question) are the product's, not the user's: not listed.
  const mine = (me: CallerUser, filter?: Stream['filter']): Stream => ({
    index: 'gsi1',
    pk: examEntity.creatorPartition(me.id),
    filter: {
      expression: ['attribute_not_exists(kind)', ...(filter ? [filter.expression] : [])].join(' AND '),
      values: filter?.values ?? {},
    },
  });
  const byVisibility = (isPublic: boolean): Stream[] => examListShards(isPublic).map((pk) => ({ index: 'gsi2', pk }));
  if (query.my_exams) {
    if (!caller) throw new AppError(401, 'authentication_required');
    return [
      query.is_public === undefined
        ? mine(caller)
        : mine(caller, { expression: 'is_public = :vis', values: { ':vis': query.is_public } }),
    ];
  }
  if (isSiteAdmin(caller)) {
    if (query.is_public === true) return byVisibility(true);
    if (query.is_public === false) return byVisibility(false);
    return [...byVisibility(true), ...byVisibility(false)];
  }
  if (query.is_public === false)
    return caller ? [mine(caller, { expression: 'is_public = :vis', values: { ':vis': false } })] : [];
  return byVisibility(true);
}

/**
 * GET /api/exams/: newest first, filtered by title search, tags (any of) and is_original.
 * Requests per answer: ≤ 3 Query pages per stream (1–2 streams) + 1 BatchGetItem of the caller's
 * subscriptions: constant, whatever the number of exams. `next` continues the list.
 */
export async function listExams(input: ServiceInput<typeof exams.listExams>, ctx: RequestContext) {
  const caller = ctx.caller?.user ?? null;
  const query = input.query;
  const pageSize = query.page_size ?? 100;
  const streams = streamsFor(query, caller);
  const clauses: string[] = [];
  const values: Record<string, NativeAttributeValue> = {};
  const search = (query.search ?? query.search_title ?? '').trim();
  if (search) {
    clauses.push('contains(search_text, :q)');
    values[':q'] = nameKey(search);
  }
  if (query.is_original !== undefined) {
    clauses.push('is_original = :orig');
    values[':orig'] = query.is_original;
  }
  if (query.tags?.length) {
    clauses.push(`(${query.tags.map((_, i) => `contains(tag_ids, :t${i})`).join(' OR ')})`);
    query.tags.forEach((t, i) => (values[`:t${i}`] = t));
  }

  const { items, next } = await readMergedStreams(streams, {
    cursor: query.cursor,
    pageSize,
    filter: { clauses, values },
    maxPagesPerStream: MAX_PAGES_PER_STREAM,
  });

  const records = items.map(examEntity.parse);
  const subscribed = caller
    ? await subscriptionsOf(
        caller.id,
        records.map((r) => r.id),
      )
    : new Set<string>();
  const inPage = new Set(records.map((r) => r.id));
  const children = new Map<string, ExamRecord[]>();
  for (const r of records) {
    if (r.original_exam && inPage.has(r.original_exam))
      children.set(r.original_exam, [...(children.get(r.original_exam) ?? []), r]);
  }
  const results = records.map((r) =>
    selectFields(
      examView(r, caller, ctx.language, {
        isSubscribed: subscribed.has(r.id),
        versions: (children.get(r.id) ?? []).sort((a, b) => a.version_number - b.version_number),
      }),
      query.select,
    ),
  );
  return { count: results.length, next, results };
}
