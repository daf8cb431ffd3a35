export { RichText } from './rich-text.js';
export { loadRenderer, useRichTextsReady } from './rendered-cache.js';
