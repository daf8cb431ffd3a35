import { createTag as route, listStudyTags, listTags } from '#shared/contracts/tags.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/tags/ — one name for both languages (docs/product.md#tags); an existing tag of that name comes back as is. */
export function createTag(name: string) {
  return writeThenInvalidate(() => callApi(route, { body: { name_ko: name, name_en: name } }), listTags, listStudyTags);
}
