import type * as tags from '#shared/contracts/tags.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import { jsonReply, type Reply } from '../../runtime/http/reply.js';
import type { RequestContext } from '../../runtime/http/types.js';
import { AppError } from '../../runtime/http/app-error.js';
import { createOrFindTag, listAllTags, tagView } from './tag-store.js';

async function sortedTags(ctx: RequestContext, search?: string) {
  const all = (await listAllTags()).map((t) => tagView(t, ctx.language));
  const q = search?.trim().toLowerCase();
  const found = q ? all.filter((t) => t.name_ko.toLowerCase().includes(q) || t.name_en.toLowerCase().includes(q)) : all;
  return found.sort((a, b) => a.localized_name.localeCompare(b.localized_name));
}

export async function listTags(input: ServiceInput<typeof tags.listTags>, ctx: RequestContext) {
  const results = await sortedTags(ctx, input.query.search);
  return { count: results.length, results };
}

export async function listStudyTags(_input: unknown, ctx: RequestContext) {
  return sortedTags(ctx);
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
