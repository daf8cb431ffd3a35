import { createHash } from 'node:crypto';
import type { LRUCache } from 'lru-cache';
import { batchGetAll } from '../../runtime/data/batch-ops.js';
import { examEntity } from './entities/exam.js';
import { questionPositionCounterEntity } from './entities/question-position-counter.js';

/**
 * Anonymous reads of public exams, cached per Lambda instance and keyed by the exam's content
 * version (D405). A read first asks for the exam's stamp — one eventually consistent BatchGetItem of
 * the exam item's visibility and the `QSEQ` item's `content_version`, ≤ 1 RCU whatever the exam's
 * size — then answers the cached page when it was built at that version. Every write of the exam or
 * its questions bumps the version in the same transaction (or right after the write), so an edit is
 * never answered from the cache once the stamp shows it. Fills read the content after the stamp and
 * strongly consistently: a cached page is never older than the version it is kept under.
 */

/**
 * Bytes of answer JSON kept per instance: 16 pages of the largest size, hundreds of ordinary exams.
 * Held as objects, about 2–3× that in heap, within the exams Lambda's 512 MB.
 */
export const PUBLIC_EXAM_CACHE_BYTES = 24 * 1024 * 1024;

export interface ExamStamp {
  /** The exam item exists and is public: only then may an anonymous read be cached. */
  cacheable: boolean;
  version: number;
}

/**
 * How long an instance trusts a stamp it read (D498): reads of a popular exam within it cost no request.
 * An edit made through this instance forgets the exam's stamp at once ({@link forgetExamStamp}); one made
 * through another instance shows here within this long, as after a CDN's short TTL.
 */
export const EXAM_STAMP_TTL_MS = 1000;

let stamps: LRUCache<string, ExamStamp> | undefined;

/**
 * lru-cache itself (18 KB minified) loads with the first read that needs a cache: most groups that load
 * the exams domain only edit exams (and forget stamps), and its bytes cost their every cold start (D509).
 */
let lruCache: Promise<typeof LRUCache> | undefined;
const loadLruCache = () => (lruCache ??= import('lru-cache').then((module) => module.LRUCache));

/**
 * Reads that find no fresh stamp share one request for it (`fetch`): an instance serving many reads at
 * once (the local server) asks once a second, not once per read waiting on the answer (D500). Built on
 * the first read that asks, not at load: its 10,000 slots cost ~2 ms of the cold start of every group
 * that loads the exams domain, most of which never read a public exam (bench/NOTES.md).
 */
async function buildStampCache(): Promise<LRUCache<string, ExamStamp>> {
  const Cache = await loadLruCache();
  return (stamps ??= new Cache<string, ExamStamp>({
    max: 10_000,
    ttl: EXAM_STAMP_TTL_MS,
    // Read through the global at every check (no cached "now"), so a test can move the clock.
    perf: { now: () => performance.now() },
    ttlResolution: 0,
    fetchMethod: (examId) => readExamStamp(examId),
  }));
}

/** Forgets so far: a read whose shared fetch was cut off by one asks again (below). */
let forgets = 0;

/** An edit of the exam through this instance: its next anonymous read asks for the stamp again. */
export function forgetExamStamp(examId: string): void {
  forgets++;
  stamps?.delete(examId);
}

/** The exam's stamp: kept {@link EXAM_STAMP_TTL_MS}, else 1 BatchGetItem (2 small items, eventually consistent). */
export async function examStamp(examId: string): Promise<ExamStamp> {
  const forgetsBefore = forgets;
  try {
    // Once built, the cache is used in the same tick: a forget right after a read starts cuts off its fetch.
    const stamp = await (stamps ?? (await buildStampCache())).fetch(examId);
    if (stamp) return stamp;
  } catch (error) {
    // A forget during the fetch aborts it (its read may predate the edit): this read asks on its own.
    // Any other failure is the engine's, answered as such.
    if (forgets === forgetsBefore) throw error;
  }
  return readExamStamp(examId);
}

async function readExamStamp(examId: string): Promise<ExamStamp> {
  const items = await batchGetAll([examEntity.key(examId), questionPositionCounterEntity.key(examId)], {
    projection: 'sk, is_public, content_version',
  });
  const exam = items.find((item) => item.sk === examEntity.key(examId).sk);
  const counter = items.find((item) => item.sk === questionPositionCounterEntity.key(examId).sk);
  return { cacheable: exam?.is_public === true, version: Number(counter?.content_version ?? 0) };
}

interface Entry {
  version: number;
  body: unknown;
  bytes: number;
}

let pages: LRUCache<string, Entry> | undefined;

async function buildPageCache(): Promise<LRUCache<string, Entry>> {
  const Cache = await loadLruCache();
  return (pages ??= new Cache<string, Entry>({
    maxSize: PUBLIC_EXAM_CACHE_BYTES,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
  }));
}

/** What varies an anonymous answer of one exam: the route, the language, `select` and the cursor. */
export function readVariant(parts: readonly (string | undefined)[]): string {
  return parts.map((p) => p ?? '').join('\u0000');
}

/** A strong validator of one answer: the exam, its version and what varied it. */
export function examETag(examId: string, version: number, variant: string): string {
  const digest = createHash('sha256').update(`${examId}\u0000${version}\u0000${variant}`).digest('base64url');
  return `"${digest.slice(0, 27)}"`;
}

/** The page kept for this exam, variant and version; otherwise `read` builds it and it is kept. */
export async function cachedRead<T>(
  examId: string,
  variant: string,
  version: number,
  read: () => Promise<T>,
): Promise<T> {
  const key = `${examId}\u0000${variant}`;
  const cache = pages ?? (await buildPageCache());
  const hit = cache.get(key);
  if (hit && hit.version === version) return hit.body as T;
  const body = await read();
  cache.set(key, { version, body, bytes: Buffer.byteLength(JSON.stringify(body), 'utf8') });
  return body;
}

/** Empties the instance's cache (tests compare cold and warm reads). */
export function clearPublicExamCache(): void {
  pages?.clear();
  stamps?.clear();
}
