/**
 * Every reader of a question file, the text and quiz readers included: the import loads it for a
 * text file's first read (importer/import.ts), so workbooks alone stay in the init (D478).
 */
export { parseSheet } from './importer/parse.js';
