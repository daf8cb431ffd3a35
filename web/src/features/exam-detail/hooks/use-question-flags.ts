import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { setIgnored, toggleFavorite } from '../../take-exam/index.js';
import { toggleSelectedFlags } from '../api/toggle-selected-flags.js';
import { sourceExamOf, type QuestionRow } from '../utils/question-rows.js';
import type { RunBusy } from './use-busy-runner.js';

type Flag = 'favorite' | 'ignore';

/** Favorite and ignore: one row's star or eye (`busyId` while it saves), or the shown selection in bulk. */
export function useQuestionFlags(examId: string | null, shownSelected: QuestionRow[], run: RunBusy) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busyId, setBusyId] = useState<string | null>(null);

  const flip = async (row: QuestionRow, kind: Flag) => {
    setBusyId(row.id);
    try {
      if (kind === 'favorite') {
        const answer = await toggleFavorite(row.id, sourceExamOf(row, examId) ?? '');
        toast.success(t(answer.is_favorite ? 'examDetail.toasts.favorited' : 'examDetail.toasts.unfavorited'));
      } else {
        const answer = await setIgnored(row.id, !row.isIgnored);
        toast.success(t(answer.is_ignored ? 'examDetail.toasts.ignored' : 'examDetail.toasts.unignored'));
      }
    } catch (error) {
      toast.error(
        serverDetailOr(
          error,
          t,
          t(kind === 'favorite' ? 'examDetail.errors.favoriteFailed' : 'examDetail.errors.ignoreFailed'),
        ),
      );
    } finally {
      setBusyId(null);
    }
  };

  const flipSelected = (kind: Flag) =>
    run(
      async () => {
        const targets = shownSelected.map((row) => ({
          questionId: row.id,
          examId: sourceExamOf(row, examId) ?? '',
          isIgnored: row.isIgnored,
        }));
        const { done, failed, limitDetail } = await toggleSelectedFlags(kind, targets);
        if (limitDetail) toast.warning(`${limitDetail} ${t('examDetail.toasts.bulkPartial', { done, failed })}`);
        else if (failed > 0) toast.warning(t('examDetail.toasts.bulkPartial', { done, failed }));
        else
          toast.success(
            t(kind === 'favorite' ? 'examDetail.toasts.bulkFavorited' : 'examDetail.toasts.bulkIgnored', {
              count: done,
            }),
          );
      },
      kind === 'favorite' ? 'examDetail.errors.favoriteFailed' : 'examDetail.errors.ignoreFailed',
    );

  return { busyId, flip, flipSelected };
}
