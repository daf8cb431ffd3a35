import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../http/app-error.js';
import { queryBounded } from './paginate.js';

/**
 * A list read from several index partitions at once (the shards of one visibility, a creator
 * index…), merged by index sort key — newest (greatest) first, or ascending with `ascending` (names) —
 * with one cursor over all of them. Each stream
 * reads at most `maxPagesPerStream` pages per answer: the requests of an answer are bounded by the
 * number of streams, whatever the data size. Used by the exam list (E4–E6) and the study list (S1, S3).
 */
export interface Stream {
  index: 'gsi1' | 'gsi2';
  pk: string;
  /** A filter of this stream only (e.g. my private exams only). */
  filter?: { expression: string; values: Record<string, NativeAttributeValue> };
  /** Only index sort keys starting with this (a key condition, so nothing else is read). */
  sortKeyPrefix?: string;
  /** Never read (a legacy partition once its migration is done): the cursor keeps its place, always 'end'. */
  skip?: boolean;
}

type Key = Record<string, unknown>;
type Item = Record<string, unknown>;
/** Per stream: a start key, null for "from the top", or 'end'. */
type Position = Key | null | 'end';

function decodeCursor(cursor: string | undefined, streams: Stream[]): Position[] {
  if (!cursor) return streams.map(() => null);
  let positions: Position[];
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(parsed) || parsed.length !== streams.length) throw new Error('shape');
    positions = parsed.map((p) => {
      if (p === 'end' || p === null) return p;
      if (typeof p === 'object' && Object.values(p as object).every((v) => typeof v === 'string')) return p as Key;
      throw new Error('shape');
    });
  } catch {
    throw new AppError(400, 'cursor_invalid');
  }
  positions.forEach((position, i) => {
    if (position === null || position === 'end') return;
    const { index, pk } = streams[i]!;
    const names = Object.keys(position).sort().join(',');
    const expected = ['pk', 'sk', `${index}pk`, `${index}sk`].sort().join(',');
    if (names !== expected || position[`${index}pk`] !== pk) throw new AppError(400, 'cursor_invalid');
  });
  return positions;
}

function encodeCursor(positions: Position[]): string | null {
  if (positions.every((p) => p === 'end')) return null;
  return Buffer.from(JSON.stringify(positions), 'utf8').toString('base64url');
}

function keyOf(item: Item, index: 'gsi1' | 'gsi2'): Key {
  return { pk: item.pk, sk: item.sk, [`${index}pk`]: item[`${index}pk`], [`${index}sk`]: item[`${index}sk`] };
}

/**
 * One page of the merged list: `pageSize` items at most, `next` the cursor of the rest (null at
 * the end). `filter` applies to every stream; a filtered answer may hold fewer items than asked.
 */
export async function readMergedStreams(
  streams: Stream[],
  options: {
    cursor?: string;
    pageSize: number;
    filter?: { clauses: string[]; values: Record<string, NativeAttributeValue> };
    /** Items per Query page when a filter applies (a filtered page holds fewer matches). */
    filteredLimit?: number;
    maxPagesPerStream: number;
    /** Smallest sort key first (e.g. names), instead of the greatest. */
    ascending?: boolean;
  },
): Promise<{ items: Item[]; next: string | null }> {
  const { pageSize } = options;
  const positions = decodeCursor(options.cursor, streams);
  const clauses = options.filter?.clauses ?? [];
  const values = options.filter?.values ?? {};
  const fetched = await Promise.all(
    streams.map(async (stream, i) => {
      const position = positions[i];
      if (position === 'end' || stream.skip) return { items: [] as Item[], lastKey: undefined };
      const streamClauses = [...clauses, ...(stream.filter ? [stream.filter.expression] : [])];
      const filtered = streamClauses.length > 0;
      return queryBounded(
        {
          IndexName: stream.index,
          KeyConditionExpression:
            `${stream.index}pk = :pk` + (stream.sortKeyPrefix ? ` AND begins_with(${stream.index}sk, :skPrefix)` : ''),
          ExpressionAttributeValues: {
            ':pk': stream.pk,
            ...(stream.sortKeyPrefix ? { ':skPrefix': stream.sortKeyPrefix } : {}),
            ...values,
            ...(stream.filter?.values ?? {}),
          },
          ...(filtered ? { FilterExpression: streamClauses.join(' AND ') } : {}),
          ScanIndexForward: options.ascending ?? false,
          Limit: filtered ? (options.filteredLimit ?? 250) : pageSize,
        },
        { want: pageSize, maxPages: options.maxPagesPerStream, startKey: position ?? undefined },
      ).catch((error: { name?: string }) => {
        // A start key DynamoDB does not accept came from a forged cursor.
        if (error.name === 'ValidationException' && position) throw new AppError(400, 'cursor_invalid');
        throw error;
      });
    }),
  );

  const merged = fetched
    .flatMap((f, i) =>
      f.items.map((item) => ({ item, stream: i, sortKey: String(item[`${streams[i]!.index}sk`] ?? '') })),
    )
    .sort((a, b) => (a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0) * (options.ascending ? -1 : 1));
  const taken = merged.slice(0, pageSize);
  const next = streams.map((stream, i): Position => {
    if (positions[i] === 'end' || stream.skip) return 'end';
    const fromStream = taken.filter((t) => t.stream === i);
    const all = fetched[i]!.items.length;
    if (fromStream.length === all) return fetched[i]!.lastKey ? (fetched[i]!.lastKey as Key) : 'end';
    if (fromStream.length === 0) return positions[i] ?? null;
    return keyOf(fromStream[fromStream.length - 1]!.item, stream.index);
  });
  return { items: taken.map((t) => t.item), next: encodeCursor(next) };
}
