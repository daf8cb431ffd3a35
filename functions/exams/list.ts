import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type * as exams from '#shared/contracts/exams.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import { queryBounded } from '../lib/data/paginate.js';
import { examEntity, examListShards, nameKey } from '../lib/data/entities/index.js';
import { AppError } from '../lib/http/app-error.js';
import type { ServiceInput } from '../lib/http/create-group-handler.js';
import type { RequestContext } from '../lib/http/types.js';
import { subscriptionsOf, type ExamRecord } from '../lib/exams/exam-store.js';
import { examView, selectFields } from '../lib/exams/views.js';
import type { Caller } from '../lib/exams/visibility.js';

/** Pages of 1 MB one stream may read per answer: what bounds an answer's DynamoDB requests. */
const MAX_PAGES_PER_STREAM = 3;

interface Stream {
  index: 'gsi1' | 'gsi2';
  pk: string;
  /** Extra filter for this stream (e.g. my private exams only). */
  filter?: { expression: string; values: Record<string, NativeAttributeValue> };
}

type Key = Record<string, unknown>;
/** Per stream: a start key, null for "from the top", or 'end'. */
type Position = Key | null | 'end';

function decodeCursor(cursor: string | undefined, streams: number): Position[] {
  if (!cursor) return Array.from({ length: streams }, () => null);
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(parsed) || parsed.length !== streams) throw new Error('shape');
    return parsed.map((p) => {
      if (p === 'end' || p === null) return p;
      if (typeof p === 'object' && Object.values(p as object).every((v) => typeof v === 'string')) return p as Key;
      throw new Error('shape');
    });
  } catch {
    throw new AppError(400, 'cursor_invalid');
  }
}

function encodeCursor(positions: Position[]): string | null {
  if (positions.every((p) => p === 'end')) return null;
  return Buffer.from(JSON.stringify(positions), 'utf8').toString('base64url');
}

function keyOf(item: Record<string, unknown>, index: 'gsi1' | 'gsi2'): Key {
  return { pk: item.pk, sk: item.sk, [`${index}pk`]: item[`${index}pk`], [`${index}sk`]: item[`${index}sk`] };
}

/**
 * Which index partitions answer the list: my exams (gsi1, the creator index of examEntity), public exams
 * (gsi2 `PUBLICEXAMS#0..3`), and for admins private ones too (gsi2 `PRIVATEEXAMS#0..3`), merged
 * newest first.
 */
function streamsFor(query: ServiceInput<typeof exams.listExams>['query'], caller: Caller | null): Stream[] {
  // Personal exams (`kind`, e.g. single-question) are the product's, not the user's: not listed.
  const mine = (me: Caller, filter?: Stream['filter']): Stream => ({
    index: 'gsi1',
    pk: examEntity.creatorPartition(me.id),
    filter: { expression: ['attribute_not_exists(kind)', ...(filter ? [filter.expression] : [])].join(' AND '), values: filter?.values ?? {} },
  });
  const byVisibility = (isPublic: boolean): Stream[] => examListShards(isPublic).map((pk) => ({ index: 'gsi2', pk }));
  if (query.my_exams) {
    if (!caller) throw new AppError(401, 'authentication_required');
    return [query.is_public === undefined ? mine(caller) : mine(caller, { expression: 'is_public = :vis', values: { ':vis': query.is_public } })];
  }
  if (isSiteAdmin(caller)) {
    if (query.is_public === true) return byVisibility(true);
    if (query.is_public === false) return byVisibility(false);
    return [...byVisibility(true), ...byVisibility(false)];
  }
  if (query.is_public === false) return caller ? [mine(caller, { expression: 'is_public = :vis', values: { ':vis': false } })] : [];
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
  const positions = decodeCursor(query.cursor, streams.length);
  positions.forEach((position, i) => {
    if (position === null || position === 'end') return;
    const { index, pk } = streams[i]!;
    const names = Object.keys(position).sort().join(',');
    const expected = ['pk', 'sk', `${index}pk`, `${index}sk`].sort().join(',');
    if (names !== expected || position[`${index}pk`] !== pk) throw new AppError(400, 'cursor_invalid');
  });

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

  const fetched = await Promise.all(
    streams.map(async (stream, i) => {
      const position = positions[i];
      if (position === 'end') return { items: [] as Record<string, unknown>[], lastKey: undefined };
      const streamClauses = [...clauses, ...(stream.filter ? [stream.filter.expression] : [])];
      const filtered = streamClauses.length > 0;
      return queryBounded(
        {
          IndexName: stream.index,
          KeyConditionExpression: `${stream.index}pk = :pk`,
          ExpressionAttributeValues: { ':pk': stream.pk, ...values, ...(stream.filter?.values ?? {}) },
          ...(filtered ? { FilterExpression: streamClauses.join(' AND ') } : {}),
          ScanIndexForward: false,
          Limit: filtered ? 250 : pageSize,
        },
        { want: pageSize, maxPages: MAX_PAGES_PER_STREAM, startKey: position ?? undefined },
      ).catch((error: { name?: string }) => {
        // A start key DynamoDB does not accept came from a forged cursor.
        if (error.name === 'ValidationException' && position) throw new AppError(400, 'cursor_invalid');
        throw error;
      });
    }),
  );

  const merged = fetched
    .flatMap((f, i) => f.items.map((item) => ({ item, stream: i, sortKey: String(item[`${streams[i]!.index}sk`] ?? '') })))
    .sort((a, b) => (a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0));
  const taken = merged.slice(0, pageSize);
  const next = streams.map((stream, i): Position => {
    if (positions[i] === 'end') return 'end';
    const fromStream = taken.filter((t) => t.stream === i);
    const all = fetched[i]!.items.length;
    if (fromStream.length === all) return fetched[i]!.lastKey ? (fetched[i]!.lastKey as Key) : 'end';
    if (fromStream.length === 0) return positions[i] ?? null;
    return keyOf(fromStream[fromStream.length - 1]!.item, stream.index);
  });

  const records = taken.map((t) => examEntity.parse(t.item));
  const subscribed = caller
    ? await subscriptionsOf(
        caller.id,
        records.map((r) => r.id),
      )
    : new Set<string>();
  const inPage = new Set(records.map((r) => r.id));
  const children = new Map<string, ExamRecord[]>();
  for (const r of records) {
    if (r.original_exam && inPage.has(r.original_exam)) children.set(r.original_exam, [...(children.get(r.original_exam) ?? []), r]);
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
  return { count: results.length, next: encodeCursor(next), results };
}
