import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { StudyTask } from '#shared/contracts/studies.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { useRecordStudyProgress } from '../../study-progress/index.js';
import { clearClientCaches } from '../../../lib/client-cache.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { sessionStore } from '../../../lib/storage.js';
import { TagManager } from '../../tags/index.js';
import { deleteStudyTask, deleteStudyTasks } from '../api/delete-study-task.js';
import { useStudy } from '../api/get-study.js';
import { leaveStudy } from '../api/leave-study.js';
import { updateStudy } from '../api/update-study.js';
import { useExamOptions } from '../hooks/use-exam-options.js';
import { useJoinActions } from '../hooks/use-join-actions.js';
import { studyTitle, taskName } from '../utils/study-view.js';
import { JoinRequestModal } from './join-request-modal.js';
import { JoinRequestsTable } from './join-requests-table.js';
import { StudyInfoCard } from './study-info-card.js';
import { StudyMembersTable } from './study-members-table.js';
import { TaskAddForm } from './task-add-form.js';
import { TaskTable } from './task-table.js';
import { TaskToolbar } from './task-toolbar.js';
import styles from './studies.module.css';

type Confirm = { kind: 'task'; task: StudyTask } | { kind: 'tasks'; ids: string[] } | { kind: 'leave' } | null;

/** Study detail (spec 4 §2.2): info, tags, tasks and their tools, members, join requests, join / cancel / leave. */
export function StudyDetailPage() {
  const { studyId } = useParams();
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const language = currentLanguage();
  const { user } = useAuth();
  const read = useStudy(studyId);
  const study = read.data;
  const permissions = study?.user_permissions;
  const canManage = permissions?.can_manage === true;
  // Spec 4 §7: opening the detail records the member's progress of this study (failures are ignored).
  useRecordStudyProgress(user && studyId && permissions?.is_active_member ? { studyId, pageType: 'detail' } : null);
  const examOptions = useExamOptions(canManage);
  const join = useJoinActions();
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);

  if (!study) {
    const status = read.error instanceof ApiError ? read.error.status : 0;
    return (
      <div className={screen.page} data-testid="study-detail-page">
        <div className={page.container}>
          {read.isLoading && <Spinner label={t('studies.detail.loading')} />}
          {read.error && (
            <div className={`${screen.state} ${screen.statePanel} ${screen.stateDashed}`} role="alert" data-testid="study-detail-error">
              <p>
                {status === 404 ? t('studies.detail.notFound') : status === 403 ? t('studies.detail.forbidden') : serverDetailOr(read.error, t, t('studies.detail.loadFailed'))}
              </p>
              <Link to="/study-management" className={`${button.button} ${button.secondary}`}>
                {t('studies.detail.back')}
              </Link>
            </div>
          )}
        </div>
      </div>
    );
  }

  const title = studyTitle(study, language, t('studies.list.untitled'));
  const members = study.members ?? [];
  const myMember = user ? members.find((member) => member.user === String(user.id)) : undefined;
  const pendingRequest = permissions?.join_request_status === 'pending';
  const canJoin = study.is_public === true && !permissions?.is_member && !pendingRequest;
  const canLeave = !!permissions?.is_member && !permissions.is_admin;

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

  const leave = async () => {
    if (!myMember) return void toast.error(t('studies.actions.memberNotFound'));
    try {
      await leaveStudy(study.id, myMember.id);
      toast.success(t('studies.actions.left'));
      // Spec 4 §4: leaving clears what the browser keeps for this session and asks every screen to
      // load fresh; the sign-in and the language choice stay (decision D50).
      sessionStore.clear();
      clearClientCaches();
      navigate('/study-management?refresh=true');
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('studies.actions.leaveStudyFailed')));
    }
  };

  const askBulkDelete = () => {
    if (selected.size === 0) return toast.warning(t('studies.tasks.noneSelected'));
    setConfirm({ kind: 'tasks', ids: [...selected] });
  };

  return (
    <div className={screen.page} data-testid="study-detail-page">
      <div className={page.container}>
        <ScreenHeader
          title={title}
          actions={
            <>
              <Link to="/study-management" className={`${button.button} ${button.secondary}`}>
                {t('studies.detail.back')}
              </Link>
              {canJoin && (
                <button
                  type="button"
                  className={`${button.button} ${button.primary}`}
                  disabled={join.pending}
                  onClick={() => join.askJoin({ id: study.id, title })}
                  data-testid="study-join"
                >
                  {t('studies.actions.join')}
                </button>
              )}
              {pendingRequest && (
                <button
                  type="button"
                  className={`${button.button} ${button.secondary}`}
                  disabled={join.pending}
                  onClick={() => void join.cancelRequest(study.id)}
                  data-testid="study-cancel-request"
                >
                  {t('studies.actions.cancelRequest')}
                </button>
              )}
              {canLeave && (
                <button type="button" className={`${button.button} ${button.dangerOutline}`} onClick={() => setConfirm({ kind: 'leave' })} data-testid="study-leave">
                  {t('studies.actions.leave')}
                </button>
              )}
            </>
          }
        />

        <div className={screen.stack}>
          <StudyInfoCard study={study} editing={editing} onEditingChange={setEditing} />

          <div className={styles.links}>
            {canManage && (
              <Link
                to={`/member-management/${encodeURIComponent(study.id)}`}
                className={`${button.button} ${button.secondary} ${button.small}`}
                data-testid="member-management-link"
              >
                {t('studies.detail.memberManagement')}
              </Link>
            )}
            {user && (
              <Link to="/exam-management" className={`${button.button} ${button.secondary} ${button.small}`}>
                {t('studies.detail.myExams')}
              </Link>
            )}
            <Link to={`/study-progress-dashboard/${encodeURIComponent(study.id)}?returnTo=study-detail`} className={`${button.button} ${button.secondary} ${button.small}`}>
              {t('studies.detail.dashboard')}
            </Link>
          </div>

          <Card id="study-tags" title={t('studies.detail.tags')}>
            <TagManager
              entityType="study"
              tags={study.tags ?? []}
              canEdit={canManage}
              save={async (tagIds) => (await updateStudy(study.id, { tags: tagIds })).tags ?? []}
              onError={(error) => toast.error(serverDetailOr(error, t, t('studies.detail.tagFailed')))}
            />
          </Card>

          <TaskToolbar study={study} canUseTools={permissions?.can_use_sheets === true} />

          <section aria-labelledby="study-tasks-title">
            <div className={screen.toolbar}>
              <h2 id="study-tasks-title" className={screen.listTitle}>
                {t('studies.tasks.title')}
                <span className={screen.count}>{(study.tasks ?? []).length}</span>
              </h2>
              {canManage && (
                <button
                  type="button"
                  className={`${button.button} ${button.dangerOutline} ${button.small}`}
                  disabled={busy}
                  onClick={askBulkDelete}
                  data-testid="tasks-delete-selected"
                >
                  {t('studies.tasks.deleteSelected')}
                </button>
              )}
            </div>
            <TaskTable
              study={study}
              canManage={canManage}
              examOptions={examOptions.options}
              selected={selected}
              onSelectedChange={setSelected}
              onDelete={(task) => setConfirm({ kind: 'task', task })}
              onEditStart={() => setEditing(true)}
            />
          </section>

          {canManage && <TaskAddForm study={study} examOptions={examOptions.options} />}
          {user && <StudyMembersTable members={members} />}
          {canManage && <JoinRequestsTable requests={study.join_requests ?? []} />}
        </div>
      </div>

      <JoinRequestModal study={join.joining} pending={join.pending} onSend={(message) => void join.sendJoin(message)} onClose={join.closeJoin} />
      <ConfirmModal
        open={confirm !== null}
        title={confirm?.kind === 'leave' ? t('studies.actions.leaveTitle') : confirm?.kind === 'tasks' ? t('studies.tasks.bulkDeleteTitle') : t('studies.tasks.deleteTitle')}
        confirmLabel={confirm?.kind === 'leave' ? t('studies.actions.leaveConfirm') : t('studies.tasks.delete')}
        cancelLabel={t('studies.actions.cancel')}
        closeLabel={t('app.close')}
        tone="danger"
        pending={busy}
        onClose={() => setConfirm(null)}
        onConfirm={() => void runConfirmed()}
        testId="study-detail-confirm"
      >
        {confirm?.kind === 'leave' && <p>{t('studies.actions.leaveBody', { title })}</p>}
        {confirm?.kind === 'tasks' && <p>{t('studies.tasks.bulkDeleteBody', { count: confirm.ids.length })}</p>}
        {confirm?.kind === 'task' && <p>{t('studies.tasks.deleteBody', { name: taskName(confirm.task, language) })}</p>}
      </ConfirmModal>
    </div>
  );
}
