import type { TranslationShape } from '../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  skipToContent: 'Skip to content',
  loadingPage: 'Loading page...',
  fileInput: {
    choose: 'Choose file',
    none: 'No file chosen',
  },
  update: {
    ready: 'A new version is ready.',
    reload: 'Reload',
  },
  close: 'Close',
  errors: {
    network_error: 'The server could not be reached. Please check your connection.',
    invalid_response: 'The server sent an answer we could not read. Please try again shortly.',
    generic: 'Something went wrong. Please try again shortly.',
  },
} satisfies TranslationShape<typeof ko>;

export default en;
