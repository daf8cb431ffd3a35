import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { useFavoriteState } from '../api/get-favorite-state.js';
import { useIgnoredQuestions } from '../api/get-ignored-questions.js';
import { setIgnored } from '../api/set-ignored.js';
import { toggleFavorite } from '../api/toggle-favorite.js';

/**
 * Favorite and ignore toggles of the current question (signed-in only). The shown state comes
 * from the server: the lists first, then each toggle's answer; a failed toggle reverts and says so.
 */
export function useQuestionFlags(examId: string, questionId: string | null, signedIn: boolean) {
  const { t } = useTranslation();
  const toast = useToast();
  const favorites = useFavoriteState(questionId, signedIn);
  const ignored = useIgnoredQuestions(signedIn);
  const [favoriteOverride, setFavoriteOverride] = useState<Record<string, boolean>>({});
  const [ignoreOverride, setIgnoreOverride] = useState<Record<string, boolean>>({});
  const [pending, setPending] = useState(false);

  const isFavorite = useMemo(() => {
    if (!questionId) return false;
    if (questionId in favoriteOverride) return favoriteOverride[questionId]!;
    return (favorites.data?.questions ?? []).some((question) => question.id === questionId && question.is_favorite);
  }, [questionId, favoriteOverride, favorites.data]);

  const isIgnored = useMemo(() => {
    if (!questionId) return false;
    if (questionId in ignoreOverride) return ignoreOverride[questionId]!;
    return (ignored.data?.ignored_questions ?? []).some((entry) => entry.question_id === questionId);
  }, [questionId, ignoreOverride, ignored.data]);

  const flipFavorite = useCallback(async () => {
    if (!questionId || pending) return;
    const before = isFavorite;
    setFavoriteOverride((map) => ({ ...map, [questionId]: !before }));
    setPending(true);
    try {
      const answer = await toggleFavorite(questionId, examId);
      setFavoriteOverride((map) => ({ ...map, [questionId]: answer.is_favorite }));
      toast.success(t(answer.is_favorite ? 'takeExam.toasts.favoriteOn' : 'takeExam.toasts.favoriteOff'));
    } catch (error) {
      setFavoriteOverride((map) => ({ ...map, [questionId]: before }));
      toast.error(serverDetailOr(error, t, t('takeExam.toasts.favoriteFailed')));
    } finally {
      setPending(false);
    }
  }, [questionId, pending, isFavorite, examId, toast, t]);

  const flipIgnored = useCallback(async () => {
    if (!questionId || pending) return;
    const before = isIgnored;
    setIgnoreOverride((map) => ({ ...map, [questionId]: !before }));
    setPending(true);
    try {
      const answer = await setIgnored(questionId, !before);
      setIgnoreOverride((map) => ({ ...map, [questionId]: answer.is_ignored }));
      toast.success(t(answer.is_ignored ? 'takeExam.toasts.ignoreOn' : 'takeExam.toasts.ignoreOff'));
    } catch (error) {
      setIgnoreOverride((map) => ({ ...map, [questionId]: before }));
      toast.error(serverDetailOr(error, t, t('takeExam.toasts.ignoreFailed')));
    } finally {
      setPending(false);
    }
  }, [questionId, pending, isIgnored, toast, t]);

  return { isFavorite, isIgnored, flipFavorite, flipIgnored, pending };
}
