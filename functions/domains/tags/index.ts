export { requiredDomainTagId, withDomainTag } from './domain-tag.js';
export { tagRefSchema } from './entities/tag.js';
export { adjustUsage, createOrFindTag, getTags, listAllTags, tagView, type TagRef } from './tag-store.js';
export { createTag, listStudyTags, listTags } from './tags.js';
