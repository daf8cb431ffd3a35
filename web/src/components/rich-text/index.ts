export { RichText } from './rich-text.js';
export { useRichTextsReady } from './rendered-cache.js';
