import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { examDisplayTitle } from '#shared/domain/exam-title.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { loginPathFor } from '../../../lib/auth/safe-return-path.js';
import type { AuthUser } from '../../../lib/auth/auth-user.js';
import type { Language } from '#shared/domain/language.js';
import {
  loadConnectedStudies,
  useExam,
  useIgnoredQuestions,
  useQuestionStatistics,
  type ConnectedStudy,
} from '../../take-exam/index.js';
import { useFavoriteQuestions } from '../api/get-favorite-questions.js';
import { useMemberMappings } from '../api/get-member-mappings.js';
import { detailRights } from '../utils/detail-permissions.js';

/**
 * What the screen loads at start (docs/product.md#exam-detail): the exam (or, in favorites mode, the favorites), the
 * caller's statistics and ignored list, the member mappings and connected studies for managers. A
 * load failure is announced once: 401 goes to the login page, anything else is a toast.
 */
export function useDetailData(user: AuthUser, examId: string | null, language: Language) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const favoritesMode = examId === null;

  const exam = useExam(examId);
  const favorites = useFavoriteQuestions(true);
  const ignored = useIgnoredQuestions(true);
  const statistics = useQuestionStatistics(examId, true);
  const rights = detailRights(exam.data, user);
  const mappings = useMemberMappings(!favoritesMode && rights.canManage ? examId : null);
  const studies = useConnectedStudies(examId, rights.canManage);

  const loadError = favoritesMode ? favorites.error : exam.error;
  const flagsLoading = ignored.isLoading || statistics.isLoading || (!favoritesMode && favorites.isLoading);
  const announced = useRef<unknown>(null);
  useEffect(() => {
    if (!loadError || announced.current === loadError) return;
    announced.current = loadError;
    if (loadError instanceof ApiError && loadError.status === 401) {
      toast.error(t('examDetail.errors.loginRequired'));
      navigate(loginPathFor(`${window.location.pathname}${window.location.search}`), { replace: true });
    } else if (!(loadError instanceof ApiError && loadError.code === 'exam_not_found')) {
      // A missing exam is said on the screen (DetailLoadError); a toast would repeat it.
      toast.error(t(favoritesMode ? 'examDetail.errors.favoritesLoadFailed' : 'examDetail.errors.loadFailed'));
    }
  }, [loadError, favoritesMode, navigate, t, toast]);

  const title = favoritesMode
    ? t('examDetail.favorites.title')
    : exam.data
      ? examDisplayTitle(exam.data, language, t('examDetail.untitled'))
      : '';
  return {
    favoritesMode,
    exam,
    favorites,
    ignored,
    statistics,
    rights,
    mappings,
    studies,
    loadError,
    title,
    // The caller's ignored list and statistics filter and order the rows: the table waits for them
    // (answered or failed), so no row moves under the pointer after it is shown.
    loading: (favoritesMode ? favorites.isLoading : exam.isLoading) || flagsLoading,
    loaded: (favoritesMode ? !!favorites.data : !!exam.data) && !flagsLoading,
    reload: () => void (favoritesMode ? favorites.reload() : exam.reload()),
  };
}

export type DetailData = ReturnType<typeof useDetailData>;

/** Connected studies feed member mapping; a failure is silent and leaves the list empty (docs/product.md#errors). */
function useConnectedStudies(examId: string | null, canManage: boolean): ConnectedStudy[] {
  const [studies, setStudies] = useState<ConnectedStudy[]>([]);
  useEffect(() => {
    if (!examId || !canManage) return;
    let live = true;
    loadConnectedStudies(examId).then(
      (list) => live && setStudies(list),
      () => live && setStudies([]),
    );
    return () => {
      live = false;
    };
  }, [examId, canManage]);
  return studies;
}
