import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserAnswer } from '#shared/contracts/users.js';
import { LIMITS } from '#shared/domain/limits.js';
import button from '../../../components/ui/button/button.module.css';
import { LoadMore } from '../../../components/ui/load-more/load-more.js';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { ApiError } from '../../../lib/api-client.js';
import type { AuthUser } from '../../../lib/auth/auth-user.js';
import { startUsersSheetExport } from '../api/start-users-sheet-export.js';
import { useBackgroundExport } from '../../exports/index.js';
import { useUsers } from '../api/get-users.js';
import { AddUserForm } from './add-user-form.js';
import { DeleteUsersModal } from './delete-users-modal.js';
import { SetPasswordModal } from './set-password-modal.js';
import { UploadUsersForm } from './upload-users-form.js';
import { UsersTable } from './users-table.js';
import styles from './user-management.module.css';

const TOAST_MS = LIMITS.toastMs.userManagement;

/** The admin's user management screen. */
export function UsersAdmin({ me }: { me: AuthUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data: users, error, isLoading, reload, hasMore, isLoadingMore, loadMore } = useUsers(true);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [showAdd, setShowAdd] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [passwordFor, setPasswordFor] = useState<UserAnswer | null>(null);
  // Built in the background (D196): the button says so until the file is saved.
  const usersSheet = useBackgroundExport(startUsersSheetExport);
  const downloading = usersSheet.preparing;

  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (error && reported.current !== error) {
      reported.current = error;
      toast.error(serverDetailOr(error, t, t('userManagement.loadFailed')), TOAST_MS);
    }
  }, [error, t, toast]);

  // Users that left the list (deleted, or gone on reload) leave the selection too.
  useEffect(() => {
    if (!users) return;
    const ids = new Set(users.map((user) => user.id));
    setSelected((current) => {
      const kept = [...current].filter((id) => ids.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [users]);

  const onDownload = async () => {
    try {
      const job = await usersSheet.run();
      toast.success(t('userManagement.download.done', { name: job.file_name }), TOAST_MS);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'export_failed')
        toast.error(t('userManagement.download.buildFailed'), TOAST_MS);
      else toast.error(serverDetailOr(failure, t, t('userManagement.download.failed')), TOAST_MS);
    }
  };

  const onDeleteClick = () => {
    if (selected.size === 0) {
      toast.warning(t('userManagement.delete.noneSelected'), TOAST_MS);
      return;
    }
    setDeleting(true);
  };

  const selectedUsers = (users ?? []).filter((user) => selected.has(user.id));

  return (
    <div className={screen.page} data-testid="user-management-page">
      <div className={page.container}>
        <ScreenHeader title={t('userManagement.title')} subtitle={t('userManagement.subtitle')} />

        <div className={styles.panels}>
          <UploadUsersForm />
          {showAdd && <AddUserForm onClose={() => setShowAdd(false)} />}
        </div>

        <div className={screen.toolbar}>
          {/* A line tall before the users arrive: on a phone the count has a row of its own (D254). */}
          <span className={styles.count}>{users ? t('userManagement.count', { count: users.length }) : '\u00a0'}</span>
          <div className={styles.toolbarActions}>
            <button
              type="button"
              className={`${button.button} ${button.primary}`}
              onClick={() => setShowAdd((value) => !value)}
              aria-expanded={showAdd}
              data-testid="add-user-toggle"
            >
              + {t('userManagement.add.toggle')}
            </button>
            <button
              type="button"
              className={`${button.button} ${button.secondary}`}
              onClick={() => void onDownload()}
              disabled={downloading}
            >
              {downloading ? t('userManagement.download.downloading') : t('userManagement.download.button')}
            </button>
            <button
              type="button"
              className={`${button.button} ${button.dangerOutline}`}
              onClick={onDeleteClick}
              disabled={selected.size === 0}
              data-testid="delete-selected"
            >
              {t('userManagement.delete.button', { count: selected.size })}
            </button>
          </div>
        </div>

        {!users && isLoading && <Spinner label={t('userManagement.loading')} />}
        {!users && error && !isLoading && (
          <div className={screen.state} role="alert">
            <p>{t('userManagement.loadFailed')}</p>
            <button type="button" className={`${button.button} ${button.secondary}`} onClick={() => void reload()}>
              {t('userManagement.retry')}
            </button>
          </div>
        )}
        {users && (
          <UsersTable
            users={users}
            meId={String(me.id ?? '')}
            selected={selected}
            onSelectedChange={setSelected}
            onChangePassword={setPasswordFor}
          />
        )}
        <LoadMore
          hasMore={hasMore}
          loading={isLoadingMore}
          onLoadMore={loadMore}
          label={t('userManagement.loadMore')}
          loadingLabel={t('userManagement.loadingMore')}
          testId="users-load-more"
        />
      </div>

      <DeleteUsersModal
        open={deleting}
        users={selectedUsers}
        onClose={() => setDeleting(false)}
        onDone={() => {
          setDeleting(false);
          setSelected(new Set());
        }}
      />
      <SetPasswordModal user={passwordFor} onClose={() => setPasswordFor(null)} />
    </div>
  );
}
