import { SPECIAL_DOMAIN_TAG, specialDomainOf } from '#shared/domain/special-domain.js';
import type { RequestContext } from '../../runtime/http/types.js';
import { findTagIdByName } from './tag-store.js';

const CACHE_MS = 60_000;
const cache = new Map<string, { id: string | null; at: number }>();

/**
 * The tag every exam created or retagged on a special domain must carry (docs/product.md#languages-and-hosts: DevOps on a
 * devops host, LeetCode on a leetcode host), or null elsewhere or when no tag has that name yet.
 * Cached per container for a minute: tags are never renamed, so staleness only delays a new tag.
 */
export async function requiredDomainTagId(ctx: Pick<RequestContext, 'viewerHost'>): Promise<string | null> {
  const domain = specialDomainOf(ctx.viewerHost);
  if (!domain) return null;
  const name = SPECIAL_DOMAIN_TAG[domain];
  const hit = cache.get(name);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.id;
  const id = await findTagIdByName(name);
  cache.set(name, { id, at: Date.now() });
  return id;
}

/** `ids` with the domain tag added (first) when it is required and missing. */
export function withDomainTag(ids: string[] | undefined, domainTagId: string | null): string[] | undefined {
  if (!domainTagId || (ids ?? []).includes(domainTagId)) return ids;
  return [domainTagId, ...(ids ?? [])];
}
