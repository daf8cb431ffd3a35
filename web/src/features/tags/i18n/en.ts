import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  title: 'Tags',
  noTag: 'No Tag',
  none: 'No tags yet.',
  manage: 'Manage tags',
  save: 'Save',
  cancel: 'Cancel',
  remove: 'Remove tag {{name}}',
  required: "This is the site's default tag and cannot be removed.",
  search: 'Search tags',
  searchPlaceholder: 'Search by tag name',
  available: 'Choose tags',
  noMatch: 'No tag matches the search.',
  loading: 'Loading tags...',
  loadMore: 'More tags',
  loadingMore: 'Loading more tags...',
  newTag: 'New tag',
  newTagPlaceholder: 'New tag name (Enter adds it)',
  add: 'Add',
  maxReached: 'You can choose up to {{max}} tags.',
  selectedCount: '{{count}} selected',
  updated: 'Tags updated.',
  removed: 'Tag removed.',
  created: 'Added the tag "{{name}}".',
  loadFailed: 'The tags could not be loaded.',
  createFailed: 'The tag could not be created.',
  saveFailed: 'The tags could not be saved.',
  removeFailed: 'The tag could not be removed.',
} satisfies TranslationShape<typeof ko>;

export default en;
