export { RichText } from './rich-text.js';
