import type * as tags from '#shared/contracts/tags.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import { jsonReply, type Reply } from '../../runtime/http/reply.js';
import type { RequestContext } from '../../runtime/http/types.js';
import { AppError } from '../../runtime/http/app-error.js';
import { TAG_PAGE_SIZE } from '#shared/contracts/tags.js';
import {
  createOrFindTag,
  findTagIdByName,
  getTags,
  listAllTags,
  listTagsPage,
  tagView,
  usageCounts,
} from './tag-store.js';
import type { TagRecord } from './entities/tag.js';

async function withUsage(found: TagRecord[], ctx: RequestContext) {
  const usage = await usageCounts(found);
  return found.map((tag) => tagView(tag, ctx.language, usage.get(tag.id)));
}

/**
 * GET /api/tags/: a page in Korean-name-key order with a cursor (D248). `search` is a name-key prefix;
 * on the first page the tag whose name in either language is exactly `search` (its name claim) comes
 * first, so an English name is found although the key is the Korean one.
 */
export async function listTags(input: ServiceInput<typeof tags.listTags>, ctx: RequestContext) {
  const search = input.query.search?.trim() || undefined;
  const [page, exactId] = await Promise.all([
    listTagsPage({ cursor: input.query.cursor, pageSize: input.query.page_size ?? TAG_PAGE_SIZE, search }),
    search && !input.query.cursor ? findTagIdByName(search) : null,
  ]);
  const exact = exactId && !page.tags.some((tag) => tag.id === exactId) ? await getTags([exactId]) : [];
  const results = await withUsage([...exact, ...page.tags], ctx);
  return { count: results.length, results, next: page.next };
}

/** GET /api/studies/tags/: every tag, by localized name (the study screens, no cursor). */
export async function listStudyTags(_input: unknown, ctx: RequestContext) {
  const all = await withUsage(await listAllTags(), ctx);
  return all.sort((a, b) => a.localized_name.localeCompare(b.localized_name));
}

/** POST /api/tags/: 201 with the new tag, or 200 with the existing tag of that name. */
export async function createTag(input: ServiceInput<typeof tags.createTag>, ctx: RequestContext): Promise<Reply> {
  if (!ctx.caller) throw new AppError(401, 'authentication_required');
  const { name_ko, name_en, name } = input.body;
  const ko = name_ko || name || name_en || '';
  const en = name_en || name || name_ko || '';
  const { tag, created } = await createOrFindTag(ko, en, ctx.caller.user.id);
  return jsonReply({ ...tagView(tag, ctx.language), created }, { status: created ? 201 : 200 });
}
