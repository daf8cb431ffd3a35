import type { Tag } from '#shared/contracts/tags.js';
import type { Language } from '#shared/domain/language.js';

export type TagEntityType = 'exam' | 'study';
export const TAG_ENTITY_TYPES: readonly TagEntityType[] = ['exam', 'study'];

/** docs/product.md#tags: the tag manager's entity type must be study or exam. */
export function isTagEntityType(value: unknown): value is TagEntityType {
  return value === 'exam' || value === 'study';
}

type TagNames = Pick<Tag, 'name_ko' | 'name_en'> & { localized_name?: string };

/** docs/product.md#tags: the current language, then the other, then the "No Tag" text. */
export function tagLabel(tag: TagNames, language: Language, noTag: string): string {
  const [first, second] = language === 'ko' ? [tag.name_ko, tag.name_en] : [tag.name_en, tag.name_ko];
  return first?.trim() || second?.trim() || noTag;
}

/** docs/product.md#tags: a case-insensitive substring match over name_ko and name_en; a blank query keeps all. */
export function searchTags<T extends TagNames>(tags: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...tags];
  return tags.filter((tag) => tag.name_ko.toLowerCase().includes(q) || tag.name_en.toLowerCase().includes(q));
}

/** docs/product.md#exam-management, #limits: the top 10 by usage_count, only tags used at least once. */
export function popularTags<T extends Pick<Tag, 'usage_count' | 'id'>>(tags: readonly T[], limit = 10): T[] {
  return tags
    .filter((tag) => tag.usage_count > 0)
    .sort((a, b) => b.usage_count - a.usage_count || a.id.localeCompare(b.id))
    .slice(0, limit);
}

/** The new tag's one name for both languages (docs/product.md#tags), or null when it is blank. */
export function newTagName(input: string): string | null {
  const name = input.trim();
  return name === '' ? null : name;
}

/** docs/product.md#languages-and-hosts: the special domain's tag is found by name in the tag list. */
export function findTagByName<T extends TagNames>(tags: readonly T[], name: string | null): T | null {
  if (!name) return null;
  const wanted = name.trim().toLowerCase();
  return (
    tags.find((tag) => tag.name_ko.trim().toLowerCase() === wanted || tag.name_en.trim().toLowerCase() === wanted) ??
    null
  );
}

/** The ids with the required (domain) tag first, once; order otherwise kept. */
export function withRequiredTag(ids: readonly string[], requiredId: string | null | undefined): string[] {
  const unique = [...new Set(ids)];
  if (!requiredId) return unique;
  return [requiredId, ...unique.filter((id) => id !== requiredId)];
}

/** Toggles one id in a selection, never dropping the required one. */
export function toggleTagId(ids: readonly string[], id: string, requiredId?: string | null): string[] {
  if (id === requiredId) return withRequiredTag(ids, requiredId);
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}
