import { notesModelStatus } from '#shared/contracts/notes-questions.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/notes-questions/ — whether the model tier is on, and the caller's calls left today. */
export function useNotesModelStatus() {
  return useApi(notesModelStatus, {}, { shouldRetryOnError: false, revalidateOnFocus: false });
}
