import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { QuestionFile } from '#shared/contracts/files.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { LoadMore } from '../../../components/ui/load-more/load-more.js';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { SignedInOnly } from '../../../lib/auth/signed-in-only.js';
import type { AuthUser } from '../../../lib/auth/auth-user.js';
import { deleteQuestionFile } from '../api/delete-question-file.js';
import { useQuestionFiles } from '../api/get-question-files.js';
import { FilesTable } from './files-table.js';
import { FormatCard } from './format-card.js';
import { UploadCard } from './upload-card.js';
import styles from './question-files.module.css';

type VisibilityFilter = 'all' | 'public' | 'private';

/** Question files (docs/product.md#question-files). Any signed-in user uploads and downloads; owner or admin edits and deletes. */
export function QuestionFilesPage() {
  return <SignedInOnly>{(user) => <QuestionFiles user={user} />}</SignedInOnly>;
}

function QuestionFiles({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const isAdmin = isSiteAdmin(user);
  const [filter, setFilter] = useState<VisibilityFilter>('all');
  const files = useQuestionFiles(isAdmin && filter !== 'all' ? filter === 'public' : undefined);
  const [deleting, setDeleting] = useState<QuestionFile | null>(null);
  const [pending, setPending] = useState(false);
  const list = files.data?.files ?? [];

  const confirmDelete = async () => {
    if (!deleting) return;
    setPending(true);
    try {
      const answer = await deleteQuestionFile(deleting);
      toast.success(answer.message || t('questionFiles.actions.deleted'));
      setDeleting(null);
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status === 403
          ? t('questionFiles.actions.noPermission')
          : serverDetailOr(error, t, t('questionFiles.actions.deleteFailed')),
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <div className={screen.page} data-testid="question-files-page">
      <div className={page.container}>
        <ScreenHeader
          title={t('questionFiles.title')}
          subtitle={t('questionFiles.subtitle')}
          className={styles.header}
          actions={
            <>
              <Link to="/notes" className={`${button.button} ${button.secondary}`} data-testid="to-notes">
                {t('notes.fromNotesLink')}
              </Link>
              <Link to="/exam-management" className={`${button.button} ${button.secondary}`}>
                {t('questionFiles.toExamManagement')}
              </Link>
            </>
          }
        />

        <div className={styles.panels}>
          <UploadCard />
          <FormatCard />
        </div>

        <section aria-labelledby="files-heading">
          <div className={screen.toolbar}>
            <h2 id="files-heading" className={screen.listTitle}>
              {t('questionFiles.list.title')}
              {files.data && (
                <span className={screen.count}>{t('questionFiles.list.count', { count: list.length })}</span>
              )}
            </h2>
            {isAdmin && (
              <label className={styles.filter}>
                {t('questionFiles.list.filter')}
                <select
                  className={`${form.select} ${form.compact}`}
                  value={filter}
                  onChange={(event) => setFilter(event.target.value as VisibilityFilter)}
                  data-testid="files-visibility-filter"
                >
                  <option value="all">{t('questionFiles.list.filterAll')}</option>
                  <option value="public">{t('questionFiles.list.filterPublic')}</option>
                  <option value="private">{t('questionFiles.list.filterPrivate')}</option>
                </select>
              </label>
            )}
          </div>
          {!files.data && !files.error && <Spinner label={t('questionFiles.list.loading')} />}
          {!files.data && files.error && (
            <div className={screen.state} role="alert">
              <p>{serverDetailOr(files.error, t, t('questionFiles.list.loadFailed'))}</p>
              <button
                type="button"
                className={`${button.button} ${button.secondary}`}
                onClick={() => void files.reload()}
              >
                {t('questionFiles.list.retry')}
              </button>
            </div>
          )}
          {files.data && list.length === 0 && <p className={screen.state}>{t('questionFiles.list.empty')}</p>}
          {files.data && list.length > 0 && <FilesTable files={list} isAdmin={isAdmin} onDelete={setDeleting} />}
          <LoadMore
            hasMore={files.hasMore}
            loading={files.isLoadingMore}
            onLoadMore={files.loadMore}
            label={t('questionFiles.list.loadMore')}
            loadingLabel={t('questionFiles.list.loadingMore')}
            testId="files-load-more"
          />
        </section>
      </div>

      <ConfirmModal
        open={deleting !== null}
        title={t('questionFiles.actions.deleteTitle')}
        confirmLabel={t('questionFiles.actions.deleteConfirm')}
        cancelLabel={t('questionFiles.actions.cancel')}
        closeLabel={t('app.close')}
        tone="danger"
        pending={pending}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        testId="delete-file-modal"
      >
        <p>{deleting && t('questionFiles.actions.deleteBody', { name: deleting.name })}</p>
      </ConfirmModal>
    </div>
  );
}
