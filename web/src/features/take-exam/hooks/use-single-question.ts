import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { createSingleQuestionExam } from '../api/create-single-question-exam.js';
import type { TakeExamParams } from './use-take-exam-params.js';

/**
 * Single-question mode (question_id): exam_id is required, else the load fails. A signed-in
 * user gets a private temporary exam holding that question (POST /api/create-single-question-exam/)
 * and continues there; an anonymous visitor, or a user whose temporary exam could not be made,
 * views that one question inside its exam.
 */
export type SingleQuestionState =
  { kind: 'none' } | { kind: 'missing-exam' } | { kind: 'creating' } | { kind: 'view'; questionId: string };

export function useSingleQuestion(params: TakeExamParams, signedIn: boolean): SingleQuestionState {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const started = useRef<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const { questionId, examId, search } = params;

  useEffect(() => {
    if (!questionId || !examId || !signedIn) return;
    const key = `${examId}/${questionId}`;
    if (started.current === key) return;
    started.current = key;
    createSingleQuestionExam(examId, questionId)
      .then((answer) => {
        const next = new URLSearchParams(search);
        next.delete('question_id');
        next.delete('exam_id');
        if (!next.has('examId')) next.set('examId', examId);
        const query = next.toString();
        navigate(`/take-exam/${encodeURIComponent(answer.id)}${query ? `?${query}` : ''}`, { replace: true });
      })
      .catch(() => {
        toast.error(t('takeExam.singleQuestion.createFailed'));
        setFailed(key);
      });
  }, [questionId, examId, signedIn, search, navigate, toast, t]);

  if (!questionId) return { kind: 'none' };
  if (!examId) return { kind: 'missing-exam' };
  if (!signedIn || failed === `${examId}/${questionId}`) return { kind: 'view', questionId };
  return { kind: 'creating' };
}
