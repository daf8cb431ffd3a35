import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useToast, type ToastApi } from '../../../components/ui/toast/toast-context.js';
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

/** What one action on the exam's questions works with: the exam, the selected ids, the screen's runner, confirm and toasts. */
interface ActionContext {
  examId: string;
  ids: string[];
  run: RunBusy;
  ask: AskConfirmation;
  toast: ToastApi;
  t: TFunction;
}

/** Moves or copies the selection to another exam; the selection clears and the modal closes. */
function transferSelection(
  { kind, targetExamId }: { kind: 'move' | 'copy'; targetExamId: string },
  { examId, ids, run, toast, t }: ActionContext,
  done: () => void,
) {
  void run(
    async () => {
      const transfer = { fromExamId: examId, toExamId: targetExamId, questionIds: ids };
      const count =
        kind === 'move'
          ? (await moveQuestionsTo(transfer)).moved_count
          : (await copyQuestionsTo(transfer)).copied_count;
      toast.success(t(kind === 'move' ? 'examDetail.toasts.moved' : 'examDetail.toasts.copied', { count }));
      done();
    },
    kind === 'move' ? 'examDetail.errors.moveFailed' : 'examDetail.errors.copyFailed',
  );
}

function groupSelection(groupId: string, { examId, ids, run, toast, t }: ActionContext) {
  void run(async () => {
    const answer = await applyGroup(examId, ids, groupId);
    toast.success(t('examDetail.toasts.grouped', { count: answer.updated_count, group: groupId }));
  }, 'examDetail.errors.groupFailed');
}

/** Asks before a deletion; confirmed, `work` runs with the screen busy. */
function askToDelete(
  { ask, run, t }: ActionContext,
  { title, message }: { title: string; message: string },
  work: () => Promise<void>,
  failureKey: string,
) {
  ask({
    title,
    message,
    confirmLabel: t('examDetail.confirm.delete'),
    tone: 'danger',
    run: () => run(work, failureKey),
  });
}

function askDeleteQuestions(context: ActionContext, clearSelection: () => void) {
  const { examId, ids, toast, t } = context;
  const text = {
    title: t('examDetail.confirm.deleteQuestionsTitle'),
    message: t('examDetail.confirm.deleteQuestions', { count: ids.length }),
  };
  askToDelete(
    context,
    text,
    async () => {
      const answer = await deleteQuestions(examId, ids);
      toast.success(t('examDetail.toasts.questionsDeleted', { count: answer.deleted_count }));
      clearSelection();
    },
    'examDetail.errors.deleteQuestionsFailed',
  );
}

function askDeleteMyResults(context: ActionContext) {
  const { ids, toast, t } = context;
  const text = {
    title: t('examDetail.confirm.deleteResultsTitle'),
    message: t('examDetail.confirm.deleteMyResults', { count: ids.length }),
  };
  askToDelete(
    context,
    text,
    async () => {
      await deleteMyQuestionResults(ids);
      toast.success(t('examDetail.toasts.resultsDeleted'));
    },
    'examDetail.errors.deleteResultsFailed',
  );
}

function askDeleteAllResults(context: ActionContext) {
  const { examId, toast, t } = context;
  const text = { title: t('examDetail.confirm.deleteResultsTitle'), message: t('examDetail.confirm.deleteAllResults') };
  askToDelete(
    context,
    text,
    async () => {
      const answer = await deleteExamQuestionResults(examId, true);
      toast.success(t(answer.completed ? 'examDetail.toasts.resultsDeleted' : 'examDetail.toasts.resultsDeleting'));
    },
    'examDetail.errors.deleteResultsFailed',
  );
}

/** Maps the study's members to every shown question (not only the selection). */
function mapShownQuestions(studyId: string, shown: QuestionRow[], { examId, run, toast, t }: ActionContext) {
  void run(async () => {
    const answer = await createMemberMapping(
      examId,
      studyId,
      shown.map((row) => row.id),
    );
    toast.success(t('examDetail.toasts.mapped', { count: answer.created_count }));
  }, 'examDetail.errors.mappingFailed');
}

/** The accuracy card's adjustment: the selection at once, or after a confirm every question. */
function adjustSelectionAccuracy(
  { direction, percentage }: { direction: 'increase' | 'decrease'; percentage: number },
  { username, rowCount }: { username: string; rowCount: number },
  { examId, ids, run, ask, toast, t }: ActionContext,
) {
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

  const contextFor = (id: string): ActionContext => ({
    examId: id,
    ids: shownSelected.map((row) => row.id),
    run,
    ask,
    toast,
    t,
  });

  const onOptions = (action: OptionsAction) => {
    if (!examId) return;
    const context = contextFor(examId);
    switch (action.kind) {
      case 'move':
      case 'copy':
        return transferSelection(action, context, () => {
          clearSelection();
          setOptionsOpen(false);
        });
      case 'group':
        return groupSelection(action.groupId, context);
      case 'deleteQuestions':
        return askDeleteQuestions(context, clearSelection);
      case 'deleteMyResults':
        return askDeleteMyResults(context);
      case 'deleteAllResults':
        return askDeleteAllResults(context);
      case 'mapping':
        return mapShownQuestions(action.studyId, shown, context);
    }
  };

  const adjust = (direction: 'increase' | 'decrease', percentage: number) => {
    if (!examId) return;
    adjustSelectionAccuracy({ direction, percentage }, { username, rowCount }, contextFor(examId));
  };

  return {
    optionsOpen,
    openOptions: () => setOptionsOpen(true),
    closeOptions: () => setOptionsOpen(false),
    onOptions,
    adjust,
  };
}
