import { questionMemberMappings } from '#shared/contracts/questions.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/exam/{id}/question-member-mappings/ — empty for callers without rights; failures are silent (docs/product.md#errors). */
export function useMemberMappings(examId: string | null) {
  return useApi(questionMemberMappings, examId ? { params: { examId } } : null, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
