import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { Member } from '#shared/contracts/study-members.js';
import button from '../../../components/ui/button/button.module.css';
import { DataTable } from '../../../components/ui/data-table/data-table.js';
import form from '../../../components/ui/form/form.module.css';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { SignedInOnly } from '../../../lib/auth/signed-in-only.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { studyTitle, useStudy } from '../../studies/index.js';
import { deleteMembers } from '../api/delete-members.js';
import { useStudyMembers } from '../api/get-members.js';
import { setMembersActive } from '../api/update-member.js';
import { AddMemberForm } from './add-member-form.js';
import { ImportMembersCard } from './import-members-card.js';
import { LinkUserModal } from './link-user-modal.js';
import { MemberRow, memberColumns } from './member-row.js';
import styles from './study-members.module.css';
import { toggled } from '../../../lib/selection.js';

/** Member management (docs/product.md#member-management): add, link, import, bulk (de)activate / delete, inline edit. */
export function MemberManagementPage() {
  return <SignedInOnly>{() => <MemberManagement />}</SignedInOnly>;
}

function MemberManagement() {
  const { studyId = '' } = useParams();
  const { t } = useTranslation();
  const toast = useToast();
  const language = currentLanguage();
  const study = useStudy(studyId);
  const members = useStudyMembers(studyId);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [linking, setLinking] = useState<Member | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const list = useMemo(() => members.data ?? [], [members.data]);
  const memberUserIds = useMemo(() => new Set(list.flatMap((member) => (member.user ? [member.user] : []))), [list]);
  const chosen = list.filter((member) => selected.has(member.id)).map((member) => member.id);
  const allSelected = list.length > 0 && list.every((member) => selected.has(member.id));
  const title = study.data ? studyTitle(study.data, language, '') : '';
  const canManage = study.data?.user_permissions?.can_manage === true;

  const toggle = (id: string) => setSelected((current) => toggled(current, id));

  const report = ({ done, failed }: { done: number; failed: number }) => {
    if (done === 0) toast.warning(t('studyMembers.bulk.noneSucceeded'));
    else (failed > 0 ? toast.warning : toast.success)(t('studyMembers.bulk.result', { done, failed }));
  };

  const bulkActive = async (isActive: boolean) => {
    if (chosen.length === 0) return toast.warning(t('studyMembers.bulk.noneSelected'));
    setBusy(true);
    try {
      report(await setMembersActive(chosen, isActive));
      setSelected(new Set());
    } finally {
      setBusy(false);
    }
  };

  const bulkDelete = async () => {
    setBusy(true);
    try {
      report(await deleteMembers(chosen));
      setSelected(new Set());
      setConfirmDelete(false);
    } finally {
      setBusy(false);
    }
  };

  const error = study.error ?? members.error;
  const loading = (study.isLoading || members.isLoading) && !error;
  const forbidden = (error instanceof ApiError && error.status === 403) || (study.data && !canManage);
  // Retrying cannot bring back a study that does not exist: offer the list instead.
  const missing = error instanceof ApiError && error.code === 'study_not_found';

  return (
    <div className={screen.page} data-testid="member-management-page">
      <div className={page.container}>
        {/* With the study and its members: the title arriving later grew the header, and a header drawn
            above the members' spinner pushed it down (D254). */}
        {!loading && (
          <ScreenHeader
            title={t('studyMembers.title')}
            subtitle={title ? t('studyMembers.subtitle', { title }) : undefined}
            actions={
              <Link
                to={`/study-detail/${encodeURIComponent(studyId)}`}
                className={`${button.button} ${button.secondary}`}
              >
                {t('studyMembers.back')}
              </Link>
            }
          />
        )}

        {loading && <Spinner label={t('studyMembers.loading')} />}
        {(error || forbidden) && (
          <div
            className={`${screen.state} ${screen.statePanel} ${screen.stateDashed}`}
            role="alert"
            data-testid="member-management-error"
          >
            <p>{forbidden ? t('studyMembers.forbidden') : serverDetailOr(error, t, t('studyMembers.loadFailed'))}</p>
            {missing && (
              <Link to="/study-management" className={`${button.button} ${button.secondary}`}>
                {t('studyMembers.toList')}
              </Link>
            )}
            {!forbidden && !missing && (
              <button
                type="button"
                className={`${button.button} ${button.secondary}`}
                onClick={() => {
                  void study.reload();
                  void members.reload();
                }}
              >
                {t('studyMembers.retry')}
              </button>
            )}
          </div>
        )}

        {canManage && !error && (
          <>
            <div className={screen.stack}>
              <AddMemberForm studyId={studyId} memberUserIds={memberUserIds} />
              <ImportMembersCard studyId={studyId} />
            </div>

            <section aria-labelledby="members-title">
              <div className={screen.toolbar}>
                <h2 id="members-title" className={screen.listTitle}>
                  {t('studyMembers.table.title')}
                  <span className={screen.count}>{t('studyMembers.table.count', { count: list.length })}</span>
                </h2>
              </div>
              <div className={screen.toolbar}>
                <label className={styles.check}>
                  <input
                    type="checkbox"
                    className={form.checkbox}
                    checked={allSelected}
                    disabled={list.length === 0}
                    onChange={(event) =>
                      setSelected(new Set(event.target.checked ? list.map((member) => member.id) : []))
                    }
                    data-testid="members-select-all"
                  />
                  {selected.size > 0
                    ? t('studyMembers.table.selected', { count: chosen.length })
                    : t('studyMembers.table.selectAll')}
                </label>
                <div className={styles.bulkActions}>
                  <button
                    type="button"
                    className={`${button.button} ${button.secondary} ${button.small}`}
                    disabled={busy}
                    onClick={() => void bulkActive(true)}
                    data-testid="members-activate"
                  >
                    {t('studyMembers.bulk.activate')}
                  </button>
                  <button
                    type="button"
                    className={`${button.button} ${button.secondary} ${button.small}`}
                    disabled={busy}
                    onClick={() => void bulkActive(false)}
                    data-testid="members-deactivate"
                  >
                    {t('studyMembers.bulk.deactivate')}
                  </button>
                  <button
                    type="button"
                    className={`${button.button} ${button.dangerOutline} ${button.small}`}
                    disabled={busy}
                    onClick={() =>
                      chosen.length === 0 ? toast.warning(t('studyMembers.bulk.noneSelected')) : setConfirmDelete(true)
                    }
                    data-testid="members-delete"
                  >
                    {t('studyMembers.bulk.delete')}
                  </button>
                </div>
              </div>
              <DataTable
                columns={memberColumns(t)}
                rows={list}
                rowKey={(member) => member.id}
                renderRow={(member) => (
                  <MemberRow
                    key={member.id}
                    member={member}
                    selected={selected.has(member.id)}
                    onToggle={() => toggle(member.id)}
                    onLink={() => setLinking(member)}
                  />
                )}
                empty={members.data ? t('studyMembers.table.empty') : undefined}
                cards
                className={styles.membersTable}
                testId="members-table"
              />
            </section>
          </>
        )}
      </div>

      <LinkUserModal
        studyId={studyId}
        member={linking}
        memberUserIds={memberUserIds}
        onClose={() => setLinking(null)}
      />
      <ConfirmModal
        open={confirmDelete}
        title={t('studyMembers.bulk.deleteTitle')}
        confirmLabel={t('studyMembers.bulk.deleteConfirm')}
        cancelLabel={t('studyMembers.bulk.cancel')}
        closeLabel={t('app.close')}
        tone="danger"
        pending={busy}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => void bulkDelete()}
        testId="members-delete-modal"
      >
        <p>{t('studyMembers.bulk.deleteBody', { count: chosen.length })}</p>
      </ConfirmModal>
    </div>
  );
}
