import type { DailyExamAnswer } from '#shared/contracts/daily-quiz.js';
import type { Exam } from '#shared/contracts/exam-schemas.js';
import { ApiError } from '../../../lib/api-client.js';

/**
 * The daily exam routes answer 200 with `success: false` and a `home.dailyExam.*` key when no exam
 * can be built (docs/product.md#errors): turned into an ApiError carrying that key as its code, so screens
 * branch on `ApiError.code` as everywhere else. `detail` is the server's text in the user's language.
 */
export function examOrThrow(answer: DailyExamAnswer): Exam {
  if (answer.success) return answer.exam;
  throw new ApiError({ status: 200, code: answer.error, detail: answer.detail });
}
