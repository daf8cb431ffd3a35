/**
 * The tags feature's public entry: tags belong to exams today and to studies next (docs/product.md#tags),
 * so the screens of those features use the tag manager, chips and helpers from here, and only
 * from here.
 */
export { useDomainTag, useTags } from './api/get-tags.js';
export { TagChip } from './components/tag-chip.js';
export { TagManager } from './components/tag-manager.js';
export { useTagList, type TagList } from './hooks/use-tag-list.js';
export { popularTags, searchTags, tagLabel, toggleTagId, withRequiredTag } from './utils/tag-utils.js';
