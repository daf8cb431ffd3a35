import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Study, StudyMember, StudyTask } from '#shared/contracts/studies.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { clearClientCaches } from '../../../lib/client-cache.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { sessionStore } from '../../../lib/storage.js';
import { deleteStudyTask, deleteStudyTasks } from '../api/delete-study-task.js';
import { leaveStudy } from '../api/leave-study.js';

/** What the study detail asks the user to confirm before it acts. */
export type StudyDetailConfirm =
  { kind: 'task'; task: StudyTask } | { kind: 'tasks'; ids: string[] } | { kind: 'leave' } | null;

/**
 * The study detail's confirmed actions: delete one task or the ticked ones, and leave the study.
 * Called before the study has loaded too (hooks come before the page's early return).
 */
export function useStudyDetailActions(study: Study | undefined, myMember: StudyMember | undefined) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<StudyDetailConfirm>(null);
  const [busy, setBusy] = useState(false);

  const leave = async () => {
    if (!study || !myMember) return void toast.error(t('studies.actions.memberNotFound'));
    try {
      await leaveStudy(study.id, myMember.id);
      toast.success(t('studies.actions.left'));
      // docs/product.md#studies: leaving clears what the browser keeps for this session and asks every screen to
      // load fresh; the sign-in and the language choice stay (decision D50).
      sessionStore.clear();
      clearClientCaches();
      navigate('/study-management?refresh=true');
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('studies.actions.leaveStudyFailed')));
    }
  };

  const runConfirmed = async () => {
    const current = confirm;
    if (!current) return;
    setBusy(true);
    try {
      if (current.kind === 'task') {
        try {
          await deleteStudyTask(current.task.id);
          toast.success(t('studies.tasks.deleted'));
        } catch (error) {
          toast.error(serverDetailOr(error, t, t('studies.tasks.deleteFailed')));
        }
      } else if (current.kind === 'tasks') {
        const result = await deleteStudyTasks(current.ids);
        (result.failed > 0 ? toast.warning : toast.success)(t('studies.tasks.bulkDeleted', result));
        setSelected(new Set());
      } else {
        await leave();
      }
      setConfirm(null);
    } finally {
      setBusy(false);
    }
  };

  const askBulkDelete = () => {
    if (selected.size === 0) return toast.warning(t('studies.tasks.noneSelected'));
    setConfirm({ kind: 'tasks', ids: [...selected] });
  };

  return { selected, setSelected, confirm, setConfirm, busy, runConfirmed, askBulkDelete };
}
