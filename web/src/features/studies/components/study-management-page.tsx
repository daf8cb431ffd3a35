import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Study } from '#shared/contracts/studies.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { loginPathFor } from '../../../lib/auth/safe-return-path.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { deleteStudy } from '../api/delete-study.js';
import { useJoinActions } from '../hooks/use-join-actions.js';
import { useStudyList } from '../hooks/use-study-list.js';
import { studyTitle } from '../utils/study-view.js';
import { CreateStudyForm } from './create-study-form.js';
import { JoinRequestModal } from './join-request-modal.js';
import { StudyCalendar } from './study-calendar.js';
import { StudyListFilters } from './study-list-filters.js';
import { StudyTable } from './study-table.js';
import { StudyTagFilterModal } from './study-tag-filter-modal.js';

/**
 * Study management (docs/product.md#study-list): type and tag filters, the month calendar, the list, create,
 * delete, join and cancel. The list and its filters come from `useStudyList`.
 */
export function StudyManagementPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const language = currentLanguage();
  const { user } = useAuth();
  const signedIn = user !== null;
  const [createOpen, setCreateOpen] = useState(false);
  const [deleting, setDeleting] = useState<Study | null>(null);
  const [busy, setBusy] = useState(false);
  const join = useJoinActions();
  const studies = useStudyList(signedIn, language);
  const { list, domainTag, relationOf } = studies;
  const untitled = t('studies.list.untitled');

  const toLogin = () => navigate(loginPathFor(`${location.pathname}${location.search}`));

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteStudy(deleting.id);
      toast.success(t('studies.actions.deleted'));
      setDeleting(null);
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('studies.actions.deleteFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={screen.page} data-testid="study-management-page">
      <div className={page.container}>
        <ScreenHeader
          title={t('studies.management.title')}
          subtitle={t('studies.management.subtitle')}
          actions={
            signedIn ? (
              <button
                type="button"
                className={`${button.button} ${createOpen ? button.secondary : button.primary}`}
                onClick={() => setCreateOpen((open) => !open)}
                aria-expanded={createOpen}
                aria-controls="create-study-panel"
                data-testid="toggle-create-study"
              >
                {createOpen ? t('studies.management.closeForm') : t('studies.management.newStudy')}
              </button>
            ) : (
              <button
                type="button"
                className={`${button.button} ${button.primary}`}
                onClick={toLogin}
                data-testid="toggle-create-study"
              >
                {t('studies.management.loginToCreate')}
              </button>
            )
          }
        />

        {signedIn && createOpen && (
          <div className={screen.stack}>
            <Card id="create-study-panel" title={t('studies.create.formTitle')}>
              <CreateStudyForm
                loaded={list.studies}
                onCreated={() => {
                  setCreateOpen(false);
                  studies.showOwn();
                }}
              />
            </Card>
          </div>
        )}

        <StudyListFilters
          signedIn={signedIn}
          scope={studies.scope}
          onScope={studies.chooseScope}
          tagIds={studies.tagIds}
          tagById={studies.tagById}
          requiredTagId={domainTag?.id ?? null}
          onOpenTagFilter={() => studies.setTagModalOpen(true)}
          onTagsChange={studies.setChosenTags}
        />

        <StudyCalendar studies={studies.calendarStudies} />

        <section aria-label={t('studies.management.title')}>
          {list.isLoading && !list.firstPage && <Spinner label={t('studies.list.loading')} />}
          {list.error && !list.isLoading && (
            // docs/product.md#errors: a failed load empties the list and says so.
            <div className={`${screen.state} ${screen.statePanel} ${screen.stateDashed}`} role="alert">
              <p>{serverDetailOr(list.error, t, t('studies.list.loadFailed'))}</p>
              <button
                type="button"
                className={`${button.button} ${button.secondary}`}
                onClick={() => void list.reload()}
              >
                {t('studies.list.retry')}
              </button>
            </div>
          )}
          {!list.error && list.firstPage && list.studies.length === 0 && (
            <p className={`${screen.state} ${screen.statePanel} ${screen.stateDashed}`} data-testid="study-list-empty">
              {t('studies.list.empty')}
            </p>
          )}
          {!list.error && list.studies.length > 0 && (
            <StudyTable
              studies={list.studies}
              relationOf={relationOf}
              busy={busy || join.pending}
              onJoin={(study) => join.askJoin({ id: study.id, title: studyTitle(study, language, untitled) })}
              onCancelRequest={(study) => void join.cancelRequest(study.id)}
              onDelete={setDeleting}
            />
          )}
          {!list.error && list.hasMore && (
            <div className={screen.filters}>
              <button
                type="button"
                className={`${button.button} ${button.secondary}`}
                disabled={list.isLoadingMore}
                onClick={() => void list.loadMore()}
              >
                {list.isLoadingMore ? t('studies.list.loadingMore') : t('studies.list.loadMore')}
              </button>
            </div>
          )}
        </section>
      </div>

      <StudyTagFilterModal
        open={studies.tagModalOpen}
        tags={studies.tags.tags}
        chosen={studies.tagIds}
        requiredId={domainTag?.id ?? null}
        onClose={() => studies.setTagModalOpen(false)}
        onApply={(ids) => {
          studies.chooseTags(ids);
          studies.setTagModalOpen(false);
        }}
      />
      <JoinRequestModal
        study={join.joining}
        pending={join.pending}
        onSend={(message) => void join.sendJoin(message)}
        onClose={join.closeJoin}
      />
      <ConfirmModal
        open={deleting !== null}
        title={t('studies.actions.deleteTitle')}
        confirmLabel={t('studies.actions.deleteConfirm')}
        cancelLabel={t('studies.actions.cancel')}
        closeLabel={t('app.close')}
        tone="danger"
        pending={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        testId="study-delete-modal"
      >
        <p>{t('studies.actions.deleteBody', { title: deleting ? studyTitle(deleting, language, untitled) : '' })}</p>
      </ConfirmModal>
    </div>
  );
}
