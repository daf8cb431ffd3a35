import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { Study } from '#shared/contracts/studies.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import form from '../../../components/ui/form/form.module.css';
import { loginPathFor } from '../../../lib/auth/safe-return-path.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { useRecordStudyProgress } from '../../study-progress/index.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { TagChip, useDomainTag, useTagList, withRequiredTag } from '../../tags/index.js';
import { deleteStudy } from '../api/delete-study.js';
import { useStudyPages } from '../api/get-study-pages.js';
import { useJoinActions } from '../hooks/use-join-actions.js';
import { useStudyRelations } from '../hooks/use-study-relations.js';
import { effectiveStudyScope, STUDY_SCOPES, studyListQuery, type StudyScope } from '../utils/list-query.js';
import { studyTitle } from '../utils/study-view.js';
import { CreateStudyForm } from './create-study-form.js';
import { JoinRequestModal } from './join-request-modal.js';
import { StudyCalendar } from './study-calendar.js';
import { StudyTable } from './study-table.js';
import { StudyTagFilterModal } from './study-tag-filter-modal.js';
import styles from './studies.module.css';

/** Study management (spec 4 §2.1): type and tag filters, the month calendar, the list, create, delete, join and cancel. */
export function StudyManagementPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const language = currentLanguage();
  const { user } = useAuth();
  const signedIn = user !== null;
  const domainTag = useDomainTag();

  const [chosenScope, setScope] = useState<StudyScope>(signedIn ? 'my' : 'public');
  const scope = effectiveStudyScope(chosenScope, signedIn);
  const [chosenTags, setChosenTags] = useState<string[]>([]);
  const tagIds = useMemo(() => withRequiredTag(chosenTags, domainTag?.id), [chosenTags, domainTag?.id]);
  const [createOpen, setCreateOpen] = useState(false);
  const [tagModalOpen, setTagModalOpen] = useState(false);
  const [deleting, setDeleting] = useState<Study | null>(null);
  const [busy, setBusy] = useState(false);
  const switched = useRef(false);
  const join = useJoinActions();
  const relationOf = useStudyRelations();

  const list = useStudyPages(studyListQuery(scope, tagIds));
  // Spec 4 §7: the list records progress of the caller's listed studies (the hook throttles to once in 5 minutes).
  const memberStudyIds = list.firstPage ? list.studies.filter((study) => relationOf(study).isMember).map((study) => study.id) : [];
  useRecordStudyProgress(signedIn && memberStudyIds.length > 0 ? { studyIds: memberStudyIds, pageType: 'list' } : null);
  const tags = useTagList('study', tagModalOpen || tagIds.length > 0);
  const tagById = new Map((tags.tags ?? []).map((tag) => [tag.id, tag]));
  const untitled = t('studies.list.untitled');
  const calendarStudies = useMemo(
    () => list.studies.map((study) => ({ ...study, title: studyTitle(study, language, untitled), start_date: study.start_date ?? null, end_date: study.end_date ?? null })),
    [list.studies, language, untitled],
  );

  // Spec 4 §4: "my" with no study switches once to "public", with an info toast. Only a fresh
  // answer decides: a cached list may predate the user's first study.
  const authoritativeFirstPage = list.isFresh ? list.firstPage : undefined;
  useEffect(() => {
    if (switched.current || !signedIn || scope !== 'my' || !authoritativeFirstPage) return;
    switched.current = true;
    if (authoritativeFirstPage.results.length === 0 && chosenTags.length === 0) {
      setScope('public');
      toast.info(t('studies.filters.switchedToPublic'));
    }
  }, [authoritativeFirstPage, scope, signedIn, chosenTags.length, t, toast]);

  // `?refresh=true` (after leaving a study) asks for a fresh list once.
  const { reload } = list;
  useEffect(() => {
    if (params.get('refresh') !== 'true') return;
    void reload();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('refresh');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams, reload]);

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

  const removableTags = tagIds.filter((id) => id !== domainTag?.id);

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
              <button type="button" className={`${button.button} ${button.primary}`} onClick={toLogin} data-testid="toggle-create-study">
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
                  switched.current = true;
                  setCreateOpen(false);
                  if (scope === 'public') setScope('my');
                }}
              />
            </Card>
          </div>
        )}

        <div className={screen.filters}>
          {signedIn && (
            <div className={form.segmented} role="radiogroup" aria-label={t('studies.filters.label')}>
              {STUDY_SCOPES.map((value) => (
                <button
                  key={value}
                  type="button"
                  role="radio"
                  aria-checked={scope === value}
                  className={form.segment}
                  onClick={() => {
                    switched.current = true;
                    setScope(value);
                  }}
                  data-testid={`study-scope-${value}`}
                >
                  {t(`studies.filters.${value}`)}
                </button>
              ))}
            </div>
          )}
          <button type="button" className={`${button.button} ${button.secondary}`} onClick={() => setTagModalOpen(true)} data-testid="open-study-tag-filter">
            {tagIds.length > 0 ? t('studies.filters.tagsActive', { count: tagIds.length }) : t('studies.filters.tags')}
          </button>
        </div>
        {tagIds.length > 0 && (
          <div className={styles.activeTags}>
            {tagIds.map((id) => {
              const tag = tagById.get(id);
              return tag ? <TagChip key={id} tag={tag} required={id === domainTag?.id} onRemove={() => setChosenTags(removableTags.filter((x) => x !== id))} /> : null;
            })}
          </div>
        )}

        <StudyCalendar studies={calendarStudies} />

        <section aria-label={t('studies.management.title')}>
          {list.isLoading && !list.firstPage && <Spinner label={t('studies.list.loading')} />}
          {list.error && !list.isLoading && (
            // Spec 4 §8: a failed load empties the list and says so.
            <div className={`${screen.state} ${screen.statePanel} ${screen.stateDashed}`} role="alert">
              <p>{serverDetailOr(list.error, t, t('studies.list.loadFailed'))}</p>
              <button type="button" className={`${button.button} ${button.secondary}`} onClick={() => void list.reload()}>
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
              <button type="button" className={`${button.button} ${button.secondary}`} disabled={list.isLoadingMore} onClick={() => void list.loadMore()}>
                {list.isLoadingMore ? t('studies.list.loadingMore') : t('studies.list.loadMore')}
              </button>
            </div>
          )}
        </section>
      </div>

      <StudyTagFilterModal
        open={tagModalOpen}
        tags={tags.tags}
        chosen={tagIds}
        requiredId={domainTag?.id ?? null}
        onClose={() => setTagModalOpen(false)}
        onApply={(ids) => {
          switched.current = true;
          setChosenTags(ids.filter((id) => id !== domainTag?.id));
          setTagModalOpen(false);
        }}
      />
      <JoinRequestModal study={join.joining} pending={join.pending} onSend={(message) => void join.sendJoin(message)} onClose={join.closeJoin} />
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
