export { RichText } from './rich-text.js';
export { loadRenderer, loadSanitizer, seedRendered, useRichTextsReady } from './rendered-cache.js';
