import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { useRecordStudyProgress } from '../../study-progress/index.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { TagManager } from '../../tags/index.js';
import { useStudy } from '../api/get-study.js';
import { updateStudy } from '../api/update-study.js';
import { useExamOptions } from '../hooks/use-exam-options.js';
import { useJoinActions } from '../hooks/use-join-actions.js';
import { useStudyDetailActions } from '../hooks/use-study-detail-actions.js';
import { studyTitle } from '../utils/study-view.js';
import { JoinRequestModal } from './join-request-modal.js';
import { JoinRequestsTable } from './join-requests-table.js';
import { PendingRequestsNotice } from './pending-requests-notice.js';
import { StudyDetailConfirmModal } from './study-detail-confirm-modal.js';
import { StudyDetailLinks } from './study-detail-links.js';
import { StudyHeaderActions } from './study-header-actions.js';
import { StudyInfoCard } from './study-info-card.js';
import { StudyMembersTable } from './study-members-table.js';
import { TaskAddForm } from './task-add-form.js';
import { TaskTable } from './task-table.js';
import { TaskToolbar } from './task-toolbar.js';

/** Study detail (docs/product.md#study-detail): info, tags, tasks and their tools, members, join requests, join / cancel / leave. */
export function StudyDetailPage() {
  const { studyId } = useParams();
  const { t } = useTranslation();
  const toast = useToast();
  const language = currentLanguage();
  const { user } = useAuth();
  const read = useStudy(studyId);
  const study = read.data;
  const permissions = study?.user_permissions;
  const canManage = permissions?.can_manage === true;
  // docs/product.md#studies: opening the detail records the member's progress of this study (failures are ignored).
  useRecordStudyProgress(user && studyId && permissions?.is_active_member ? { studyId, pageType: 'detail' } : null);
  const examOptions = useExamOptions(canManage);
  const join = useJoinActions();
  const [editing, setEditing] = useState(false);
  const members = study?.members ?? [];
  const myMember = user ? members.find((member) => member.user === String(user.id)) : undefined;
  const actions = useStudyDetailActions(study, myMember);

  if (!study) {
    const status = read.error instanceof ApiError ? read.error.status : 0;
    return (
      <div className={screen.page} data-testid="study-detail-page">
        <div className={page.container}>
          {read.isLoading && <Spinner label={t('studies.detail.loading')} />}
          {read.error && (
            <div
              className={`${screen.state} ${screen.statePanel} ${screen.stateDashed}`}
              role="alert"
              data-testid="study-detail-error"
            >
              <p>
                {status === 404
                  ? t('studies.detail.notFound')
                  : status === 403
                    ? t('studies.detail.forbidden')
                    : serverDetailOr(read.error, t, t('studies.detail.loadFailed'))}
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
  const pendingRequest = permissions?.join_request_status === 'pending';
  const canJoin = study.is_public === true && !permissions?.is_member && !pendingRequest;
  const canLeave = !!permissions?.is_member && !permissions.is_admin;

  return (
    <div className={screen.page} data-testid="study-detail-page">
      <div className={page.container}>
        <ScreenHeader
          title={title}
          actions={
            <StudyHeaderActions
              canJoin={canJoin}
              pendingRequest={pendingRequest}
              canLeave={canLeave}
              joinPending={join.pending}
              onJoin={() => join.askJoin({ id: study.id, title })}
              onCancelRequest={() => void join.cancelRequest(study.id)}
              onLeave={() => actions.setConfirm({ kind: 'leave' })}
            />
          }
        />

        <div className={screen.stack}>
          {canManage && <PendingRequestsNotice requests={study.join_requests ?? []} />}
          <StudyInfoCard study={study} editing={editing} onEditingChange={setEditing} />

          <StudyDetailLinks studyId={study.id} canManage={canManage} signedIn={!!user} />

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
                  disabled={actions.busy}
                  onClick={actions.askBulkDelete}
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
              selected={actions.selected}
              onSelectedChange={actions.setSelected}
              onDelete={(task) => actions.setConfirm({ kind: 'task', task })}
              onEditStart={() => setEditing(true)}
            />
          </section>

          {canManage && <TaskAddForm study={study} examOptions={examOptions.options} />}
          {user && <StudyMembersTable members={members} />}
          {canManage && <JoinRequestsTable requests={study.join_requests ?? []} />}
        </div>
      </div>

      <JoinRequestModal
        study={join.joining}
        pending={join.pending}
        onSend={(message) => void join.sendJoin(message)}
        onClose={join.closeJoin}
      />
      <StudyDetailConfirmModal
        confirm={actions.confirm}
        title={title}
        language={language}
        pending={actions.busy}
        onClose={() => actions.setConfirm(null)}
        onConfirm={() => void actions.runConfirmed()}
      />
    </div>
  );
}
