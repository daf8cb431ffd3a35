import type * as exams from '#shared/contracts/exams.js';
import { EXAM_PAGE_QUESTIONS, type ExamQuestion } from '#shared/contracts/exam-schemas.js';
import { GENERATED_ID } from '../../runtime/data/ids.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import { jsonReply, Reply } from '../../runtime/http/reply.js';
import type { RequestContext } from '../../runtime/http/types.js';
import { questionFlags } from '../learning/index.js';
import { decodeExamCursor, encodeExamCursor, viewsThatFit } from './exam-pages.js';
import { getExamQuestionPage, type ExamRecord } from './exam-store.js';
import { examView, namesField, questionView, selectFields, wantsField, withQuestionFlags } from './exam-views.js';
import { cachedRead, examETag, examStamp, readVariant } from './public-exam-cache.js';
import { renderedTexts } from './rendered-texts.js';
import { isSubscribed } from './subscription-store.js';
import { canReadExam, readableExam } from './visibility.js';

/** Question fields of the caller's overlay (L17): computed only when `select` names one of them. */
const FLAG_FIELDS = ['is_favorite', 'is_ignored'];

/** One page of an exam's questions as the caller may read it (D357), with the flags `select` asks for. */
interface QuestionPage {
  exam: ExamRecord;
  views: ExamQuestion[];
  nextCursor: string | null;
}

/**
 * At most EXAM_PAGE_QUESTIONS and about EXAM_PAGE_BYTES of JSON, by one Query of the exam partition
 * (the first page from the meta item; later pages beside one GetItem of the exam for the visibility
 * check) + the is_favorite / is_ignored overlay (L17) when `select` names it. 404 for an exam the
 * caller may not read.
 */
async function questionPage(
  examId: string,
  cursor: string | undefined,
  select: string | undefined,
  ctx: RequestContext,
): Promise<QuestionPage> {
  const caller = ctx.caller?.user ?? null;
  const from = cursor ? decodeExamCursor(cursor) : null;
  const [page, later] = await Promise.all([
    getExamQuestionPage(examId, { from, want: EXAM_PAGE_QUESTIONS, maxPages: 3 }),
    from === null ? null : readableExam(examId, caller),
  ]);
  const exam = later ?? page.exam;
  if (!exam || (!later && !(await canReadExam(exam, caller)))) throw new AppError(404, 'exam_not_found');
  const all = page.questions.map((q) => questionView(q, ctx.language));
  const kept = viewsThatFit(all);
  const questions = page.questions.slice(0, kept);
  const next = kept < all.length ? page.questions[kept]!.order : page.more ? questions.at(-1)!.order + 1 : null;
  const wantsFlags = namesField(select, ...FLAG_FIELDS);
  const flags = caller && wantsFlags ? await questionFlags(caller.id, questions) : null;
  const views = wantsFlags ? withQuestionFlags(all.slice(0, kept), flags) : all.slice(0, kept);
  return { exam, views, nextCursor: next === null ? null : encodeExamCursor(next) };
}

/**
 * An anonymous read of a public exam (D405): answered from the instance's cache when built at the
 * exam's current content version, with an ETag (304 when the client already holds it). The stamp is
 * read before the content, so a page is never kept under a version newer than itself. Anything else
 * (signed in, private, missing) is read as before.
 */
async function anonymousRead<T>(
  examId: string,
  variant: string,
  ctx: RequestContext,
  read: () => Promise<{ body: T; headers?: Record<string, string> }>,
): Promise<Reply | null> {
  // No id we made: nothing to stamp (the read answers its 404 without a request).
  if (ctx.caller || !GENERATED_ID.test(examId)) return null;
  const stamp = await examStamp(examId);
  if (!stamp.cacheable) return null;
  const etag = examETag(examId, stamp.version, variant);
  // Private to the browser, revalidated every time: the answer varies with the language, and a
  // shared cache would not see an edit.
  const caching = { etag, 'cache-control': 'private, no-cache', vary: 'accept-language, cookie' };
  if (ctx.ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) return new Reply(304, null, { headers: caching });
  const answer = await cachedRead(examId, variant, stamp.version, read);
  return jsonReply(answer.body, { headers: { ...answer.headers, ...caching } });
}

/**
 * GET /api/exam/{examId}/: with questions, one page of them (D357) and `next_cursor` where the next
 * page starts; + 1 GetItem of the caller's subscription (first page). The first page carries the
 * first questions' Markdown rendered (`rendered`, D263). Anonymous reads of public exams: D405.
 */
export async function getExam(input: ServiceInput<typeof exams.getExam>, ctx: RequestContext) {
  const { examId } = input.params;
  const { select, cursor } = input.query;
  const cached = await anonymousRead(examId, readVariant(['exam', ctx.language, select, cursor]), ctx, async () => ({
    body: await examRead(examId, select, cursor, ctx),
  }));
  return cached ?? examRead(examId, select, cursor, ctx);
}

async function examRead(examId: string, select: string | undefined, cursor: string | undefined, ctx: RequestContext) {
  const caller = ctx.caller?.user ?? null;
  if (!wantsField(select, 'questions')) {
    const exam = await readableExam(examId, caller);
    const subscribed = caller && wantsField(select, 'is_subscribed') ? await isSubscribed(caller.id, exam.id) : false;
    return selectFields(examView(exam, caller, ctx.language, { isSubscribed: subscribed }), select);
  }
  const [page, subscribed] = await Promise.all([
    questionPage(examId, cursor, select, ctx),
    caller && !cursor && wantsField(select, 'is_subscribed') ? isSubscribed(caller.id, examId) : false,
  ]);
  const { exam, views, nextCursor } = page;
  if (cursor) return { ...selectFields({ id: exam.id, questions: views }, select), next_cursor: nextCursor };
  const view = examView(exam, caller, ctx.language, { isSubscribed: subscribed });
  view.questions = views;
  if (wantsField(select, 'rendered')) view.rendered = await renderedTexts(views, ctx.log);
  return { ...selectFields(view, select), next_cursor: nextCursor };
}

/**
 * GET /api/exam/{id}/questions/?cursor=: a plain list of one page of questions, as the exam read
 * pages them (D357); where another page follows, its cursor is in `x-next-cursor` and a
 * `link: <…>; rel="next"` header (the answer stays a list for the clients that read it whole, and an
 * exam of one page answers exactly as before). Anonymous reads of public exams: D405.
 */
export async function getExamQuestions(input: ServiceInput<typeof exams.getExamQuestions>, ctx: RequestContext) {
  const { examId } = input.params;
  const { select, cursor } = input.query;
  const read = async () => {
    const { views, nextCursor } = await questionPage(examId, cursor, select, ctx);
    const body = views.map((v) => selectFields(v, select));
    return { body, headers: nextCursor ? nextPageHeaders(examId, nextCursor, select) : undefined };
  };
  const cached = await anonymousRead(examId, readVariant(['questions', ctx.language, select, cursor]), ctx, read);
  if (cached) return cached;
  const { body, headers } = await read();
  return jsonReply(body, { headers });
}

function nextPageHeaders(examId: string, cursor: string, select: string | undefined): Record<string, string> {
  const query = new URLSearchParams({ ...(select !== undefined ? { select } : {}), cursor });
  return {
    'x-next-cursor': cursor,
    link: `</api/exam/${encodeURIComponent(examId)}/questions/?${query.toString()}>; rel="next"`,
  };
}
