export { RichText } from './rich-text.js';
export { preloadImages } from './preload-images.js';
export { loadRenderer, loadSanitizer, seedRendered, useRichTextsReady } from './rendered-cache.js';
