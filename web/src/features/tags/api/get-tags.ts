import { listTags } from '#shared/contracts/tags.js';
import { defaultDomainTagName } from '../../../lib/host.js';
import { useApi } from '../../../lib/use-api.js';
import { useApiPages } from '../../../lib/use-api-pages.js';
import { findTagByName } from '../utils/tag-utils.js';

/**
 * GET /api/tags/ — the exam tags page by page in name order with their usage counts (D248); `search`
 * (a name prefix, or a whole name in either language) is asked of the server; `enabled` false waits.
 */
export function useTags(enabled = true, search = '') {
  const q = search.trim();
  const pages = useApiPages(listTags, enabled ? (q ? { search: q } : {}) : null, { keepPreviousData: true });
  return { ...pages, tags: pages.pages.flatMap((page) => page.results) };
}

/**
 * The special domain's default tag (docs/product.md#languages-and-hosts), looked up by name in GET /api/tags/
 * (a search for that name, whatever the number of tags); null on a general domain or while it loads.
 */
export function useDomainTag() {
  const name = defaultDomainTagName();
  const tags = useApi(listTags, name ? { query: { search: name, page_size: 5 } } : null);
  return findTagByName(tags.data?.results ?? [], name);
}
