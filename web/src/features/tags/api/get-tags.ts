import { listTags } from '#shared/contracts/tags.js';
import { defaultDomainTagName } from '../../../lib/host.js';
import { useApi } from '../../../lib/use-api.js';
import { findTagByName } from '../utils/tag-utils.js';

/** GET /api/tags/ — every exam tag with its usage count; `enabled` false waits. */
export function useTags(enabled = true) {
  return useApi(listTags, enabled ? {} : null);
}

/**
 * The special domain's default tag (docs/product.md#languages-and-hosts), looked up by name in GET /api/tags/;
 * null on a general domain or while the list loads.
 */
export function useDomainTag() {
  const name = defaultDomainTagName();
  const tags = useTags(!!name);
  return findTagByName(tags.data?.results ?? [], name);
}
