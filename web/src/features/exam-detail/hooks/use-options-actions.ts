import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { adjustAccuracy } from '../api/adjust-accuracy.js';
import { createMemberMapping } from '../api/create-member-mapping.js';
import { deleteExamQuestionResults, deleteMyQuestionResults } from '../api/delete-question-results.js';
import { deleteQuestions } from '../api/delete-questions.js';
import { copyQuestionsTo, moveQuestionsTo } from '../api/transfer-questions.js';
import { applyGroup } from '../api/update-group.js';
import type { OptionsAction } from '../components/options-modal.js';
import type { QuestionRow } from '../utils/question-rows.js';
import type { RunBusy } from './use-busy-runner.js';
import type { AskConfirmation } from './use-confirmation.js';

interface OptionsInput {
  examId: string | null;
  username: string;
  rowCount: number;
  shown: QuestionRow[];
  shownSelected: QuestionRow[];
  clearSelection(): void;
  run: RunBusy;
  ask: AskConfirmation;
}

/**
 * The options modal's actions (move, copy, group, deletions after a confirm, member mapping) and the
 * accuracy card's adjustment (the selection, or after a confirm every question).
 */
export function useOptionsActions({
  examId,
  username,
  rowCount,
  shown,
  shownSelected,
  clearSelection,
  run,
  ask,
}: OptionsInput) {
  const { t } = useTranslation();
  const toast = useToast();
  const [optionsOpen, setOptionsOpen] = useState(false);

  const onOptions = (action: OptionsAction) => {
    if (!examId) return;
    const ids = shownSelected.map((row) => row.id);
    switch (action.kind) {
      case 'move':
      case 'copy':
        void run(
          async () => {
            const transfer = { fromExamId: examId, toExamId: action.targetExamId, questionIds: ids };
            const count =
              action.kind === 'move'
                ? (await moveQuestionsTo(transfer)).moved_count
                : (await copyQuestionsTo(transfer)).copied_count;
            toast.success(
              t(action.kind === 'move' ? 'examDetail.toasts.moved' : 'examDetail.toasts.copied', { count }),
            );
            clearSelection();
            setOptionsOpen(false);
          },
          action.kind === 'move' ? 'examDetail.errors.moveFailed' : 'examDetail.errors.copyFailed',
        );
        return;
      case 'group':
        void run(async () => {
          const answer = await applyGroup(examId, ids, action.groupId);
          toast.success(t('examDetail.toasts.grouped', { count: answer.updated_count, group: action.groupId }));
        }, 'examDetail.errors.groupFailed');
        return;
      case 'deleteQuestions':
        ask({
          title: t('examDetail.confirm.deleteQuestionsTitle'),
          message: t('examDetail.confirm.deleteQuestions', { count: ids.length }),
          confirmLabel: t('examDetail.confirm.delete'),
          tone: 'danger',
          run: () =>
            run(async () => {
              const answer = await deleteQuestions(examId, ids);
              toast.success(t('examDetail.toasts.questionsDeleted', { count: answer.deleted_count }));
              clearSelection();
            }, 'examDetail.errors.deleteQuestionsFailed'),
        });
        return;
      case 'deleteMyResults':
        ask({
          title: t('examDetail.confirm.deleteResultsTitle'),
          message: t('examDetail.confirm.deleteMyResults', { count: ids.length }),
          confirmLabel: t('examDetail.confirm.delete'),
          tone: 'danger',
          run: () =>
            run(async () => {
              await deleteMyQuestionResults(ids);
              toast.success(t('examDetail.toasts.resultsDeleted'));
            }, 'examDetail.errors.deleteResultsFailed'),
        });
        return;
      case 'deleteAllResults':
        ask({
          title: t('examDetail.confirm.deleteResultsTitle'),
          message: t('examDetail.confirm.deleteAllResults'),
          confirmLabel: t('examDetail.confirm.delete'),
          tone: 'danger',
          run: () =>
            run(async () => {
              const answer = await deleteExamQuestionResults(examId, true);
              toast.success(
                t(answer.completed ? 'examDetail.toasts.resultsDeleted' : 'examDetail.toasts.resultsDeleting'),
              );
            }, 'examDetail.errors.deleteResultsFailed'),
        });
        return;
      case 'mapping':
        void run(async () => {
          const answer = await createMemberMapping(
            examId,
            action.studyId,
            shown.map((row) => row.id),
          );
          toast.success(t('examDetail.toasts.mapped', { count: answer.created_count }));
        }, 'examDetail.errors.mappingFailed');
        return;
    }
  };

  const adjust = (direction: 'increase' | 'decrease', percentage: number) => {
    if (!examId) return;
    const ids = shownSelected.map((row) => row.id);
    const apply = () =>
      run(async () => {
        const answer = await adjustAccuracy({ examId, username, questionIds: ids, percentage, direction });
        toast.success(t('examDetail.toasts.adjusted', { count: answer.adjusted_count }));
      }, 'examDetail.errors.adjustFailed');
    if (ids.length > 0) void apply();
    else
      ask({
        title: t('examDetail.confirm.adjustTitle'),
        message: t('examDetail.confirm.adjustAll', { count: rowCount }),
        confirmLabel: t(direction === 'increase' ? 'examDetail.accuracy.increase' : 'examDetail.accuracy.decrease'),
        tone: 'primary',
        run: apply,
      });
  };

  return {
    optionsOpen,
    openOptions: () => setOptionsOpen(true),
    closeOptions: () => setOptionsOpen(false),
    onOptions,
    adjust,
  };
}
