import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { adjustQuestionAccuracy } from '../api/adjust-question-accuracy.js';

/** The accuracy slider's call (docs/product.md#take-exam) with its toasts; the call reads the statistics again. */
export function useAccuracyAdjust(examId: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const [adjusting, setAdjusting] = useState(false);
  const adjust = useCallback(
    async (questionId: string, target: number, current: number) => {
      setAdjusting(true);
      try {
        const answer = await adjustQuestionAccuracy({ examId, questionId, current, target });
        toast.success(answer.message || t('takeExam.stats.adjusted'));
      } catch (error) {
        toast.error(t(error instanceof ApiError ? 'takeExam.stats.adjustFailed' : 'takeExam.stats.adjustError'));
      } finally {
        setAdjusting(false);
      }
    },
    [examId, toast, t],
  );
  return { adjust, adjusting };
}
