import { listQuestionFiles } from '#shared/contracts/files.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/question-files/ — own and public files (admins: all, optionally by visibility). */
export function useQuestionFiles(isPublic?: boolean, enabled = true) {
  return useApi(
    listQuestionFiles,
    enabled ? { query: isPublic === undefined ? {} : { is_public: String(isPublic) } } : null,
  );
}
