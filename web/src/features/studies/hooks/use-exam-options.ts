import { useMemo } from 'react';
import { examDisplayTitle, isDailyQuizExam } from '#shared/domain/exam-title.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { useTaskExams } from '../api/get-task-exams.js';

export interface ExamOption {
  id: string;
  label: string;
}

/** docs/product.md#studies: the exams a task may link (own and public, once each), without daily quizzes, by title. */
export function useExamOptions(enabled: boolean) {
  const { mine, shared } = useTaskExams(enabled);
  const language = currentLanguage();
  const options = useMemo(() => {
    const seen = new Map<string, ExamOption>();
    for (const exam of [...(mine.data?.results ?? []), ...(shared.data?.results ?? [])]) {
      if (seen.has(exam.id) || isDailyQuizExam(exam)) continue;
      seen.set(exam.id, { id: exam.id, label: examDisplayTitle(exam, language, exam.id) });
    }
    return [...seen.values()].sort((a, b) => a.label.localeCompare(b.label, language));
  }, [mine.data, shared.data, language]);
  return { options, error: mine.error ?? shared.error, isLoading: mine.isLoading || shared.isLoading };
}
