import { useTranslation } from 'react-i18next';
import { yesNoValue } from '#shared/domain/answer-check.js';
import { displayAnswer } from '#shared/domain/input-form.js';

/**
 * An answer as the learner entered it, for lists written after the fact (the session summary, a result's
 * review): a Y/N question's answer as its true / false label, anything else as typed.
 */
export function useAnswerDisplay(): (value: string, correctAnswer: string) => string {
  const { t } = useTranslation();
  const labels = { true: t('takeExam.question.true'), false: t('takeExam.question.false') };
  return (value, correctAnswer) => displayAnswer(value, yesNoValue(correctAnswer) ? 'yesno' : 'textarea', labels);
}
