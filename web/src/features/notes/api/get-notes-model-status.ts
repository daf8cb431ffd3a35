import { notesModelStatus } from '#shared/contracts/notes-questions.js';
import { callApi } from '../../../lib/api-client.js';

/** GET /api/notes-questions/ */
export function getNotesModelStatus() {
  return callApi(notesModelStatus, {});
}
