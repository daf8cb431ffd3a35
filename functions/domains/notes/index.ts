export { notesModelQuestions, notesModelStatus } from './notes-model.js';
