// The tags domain's public face (tags, their name claims and the special-domain default tag); it may import only users (through their index.ts). docs/architecture.md §1.6.
export { requiredDomainTagId, withDomainTag } from './domain-tag.js';
export { tagRefSchema } from './entities/tag.js';
export {
  adjustUsage,
  createOrFindTag,
  getTags,
  listAllTags,
  migrateTagListShards,
  tagView,
  type TagRef,
} from './tag-store.js';
export { createTag, listStudyTags, listTags } from './tags.js';
