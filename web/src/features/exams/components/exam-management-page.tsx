import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Exam } from '#shared/contracts/exams.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import form from '../../../components/ui/form/form.module.css';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { useDebounced } from '../../../lib/use-debounced.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { loginPathFor } from '../../../lib/auth/safe-return-path.js';
import { useOpenDailyExam } from '../../daily-exam/index.js';
import { useDomainTag, useTagList, withRequiredTag } from '../../tags/index.js';
import { createWrongQuestionsExam } from '../api/create-wrong-questions-exam.js';
import { useExamPages } from '../api/get-exam-pages.js';
import { retakeExam } from '../api/retake-exam.js';
import { buildExamTree, treeExams } from '../utils/exam-tree.js';
import { canDeleteExam, isExamCreator } from '../utils/exam-permissions.js';
import { effectiveScope, examListQuery, type ExamScope } from '../utils/list-query.js';
import { subscriptionPlan } from '../utils/subscriptions.js';
import { applySubscriptionPlan, runConfirmed, type Confirm } from './exam-list-actions.js';
import { ExamItem, examTitle, type ExamAction } from './exam-item.js';
import { ExamListFilters } from './exam-list-filters.js';
import { TagFilterModal } from './tag-filter-modal.js';
import styles from './exams.module.css';
import { toggled } from '../../../lib/selection.js';

// The create form and the admins' sheet card show only on demand or to admins: their code (the
// form's file pickers, switches and question-file list) is not part of the screen's first load (D103).
const CreateExamForm = lazy(async () => ({ default: (await import('./create-exam-form.js')).CreateExamForm }));
const ExamsSheetCard = lazy(async () => ({ default: (await import('./exams-sheet-card.js')).ExamsSheetCard }));

/** Spec 3 §9: the title search waits 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;

/** Exam management (spec 3 §2.1): the exam tree with its filters, bulk actions, create form and admin sheets. */
export function ExamManagementPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { user, isAdmin } = useAuth();
  const signedIn = user !== null;
  const domainTag = useDomainTag();
  const openDailyExam = useOpenDailyExam('exam-management');

  const [chosenScope, setScope] = useState<ExamScope>(signedIn ? 'my' : 'public');
  const scope = effectiveScope(chosenScope, signedIn, isAdmin);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput, SEARCH_DEBOUNCE_MS);
  const [chosenTags, setChosenTags] = useState<string[]>([]);
  const tagIds = useMemo(() => withRequiredTag(chosenTags, domainTag?.id), [chosenTags, domainTag?.id]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [createOpen, setCreateOpen] = useState(false);
  const [tagModalOpen, setTagModalOpen] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const switched = useRef(false);

  const filters = { scope, search, tagIds };
  const list = useExamPages(examListQuery(filters));
  const nodes = useMemo(() => buildExamTree(list.exams), [list.exams]);
  const shown = useMemo(() => treeExams(nodes), [nodes]);
  const byId = useMemo(() => new Map(shown.map((exam) => [exam.id, exam])), [shown]);
  const tags = useTagList('exam', tagModalOpen || tagIds.length > 0);
  const tagById = new Map((tags.tags ?? []).map((tag) => [tag.id, tag]));

  // Spec 3 §4: a signed-in user whose own list is empty is moved once to the public list. Only a
  // fresh answer decides (issue 14): a cached list may be from before the user had exams, and
  // while a query loads the previous one's list stays on screen (keepPreviousData).
  const authoritativeFirstPage = list.isFresh ? list.firstPage : undefined;
  useEffect(() => {
    if (switched.current || !signedIn || scope !== 'my' || !authoritativeFirstPage) return;
    if (authoritativeFirstPage.results.length === 0 && search.trim() === '' && chosenTags.length === 0) {
      switched.current = true;
      setScope('public');
      toast.info(t('exams.filters.switchedToPublic'));
    } else {
      switched.current = true;
    }
  }, [authoritativeFirstPage, scope, signedIn, search, chosenTags.length, t, toast]);

  // A selection never outlives the list it was made in.
  useEffect(() => setSelected(new Set()), [scope, search, tagIds]);

  const toLogin = () => navigate(loginPathFor(`${location.pathname}${location.search}`));

  const toggleSelect = (id: string) => setSelected((current) => toggled(current, id));

  const selectedExams = [...selected].map((id) => byId.get(id)).filter((exam): exam is Exam => !!exam);
  const plan = subscriptionPlan(selectedExams);
  const allSelected = shown.length > 0 && shown.every((exam) => selected.has(exam.id));

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const onAction = (action: ExamAction, exam: Exam) => {
    if (!signedIn) {
      toLogin();
      return;
    }
    if (action === 'delete') return setConfirm({ kind: 'delete', exam });
    if (action === 'toggleOriginal') return setConfirm({ kind: 'toggleOriginal', exam });
    void run(async () => {
      try {
        const answer = action === 'retake' ? await retakeExam(exam.id) : await createWrongQuestionsExam(exam.id);
        toast.success(answer.message); // names the version made ("New version (v2) created")
        // Retake is for taking it again: the new version opens at once (issue 14).
        if (action === 'retake') navigate(`/take-exam/${answer.id}?returnTo=exam-management`);
      } catch (error) {
        toast.error(serverDetailOr(error, t, t(action === 'retake' ? 'exams.actions.retakeFailed' : 'exams.actions.wrongQuestionsFailed')));
      }
    });
  };

  const changeSubscription = () => {
    if (plan.mode === 'none') return toast.warning(t('exams.actions.noneSelected'));
    void run(async () => {
      await applySubscriptionPlan(plan, { toast, t });
      setSelected(new Set());
    });
  };

  const askBulkDelete = () => {
    const deletable = selectedExams.filter((exam) => canDeleteExam(exam, user));
    setConfirm({ kind: 'bulkDelete', exams: deletable, skipped: selectedExams.length - deletable.length });
  };

  const confirmAction = () => {
    const current = confirm;
    if (!current) return;
    void run(async () => {
      const dropped = await runConfirmed(current, { toast, t });
      if (dropped === 'all') setSelected(new Set());
      else if (dropped) setSelected((ids) => new Set([...ids].filter((id) => id !== dropped)));
      setConfirm(null);
    });
  };

  const subscriptionLabel =
    plan.mode === 'unsubscribe' ? t('exams.actions.unsubscribe') : plan.mode === 'mixed' ? t('exams.actions.toggleSubscription') : t('exams.actions.subscribe');
  const emptyText = scope === 'my' && search.trim() === '' && chosenTags.length === 0 ? t('exams.list.emptyMine') : t('exams.list.empty');
  // The count is of the rows shown: versions sit inside their original's row (issue 14: "2 exams", one row).
  const countText = list.hasMore ? t('exams.list.countMore', { count: nodes.length }) : t('exams.list.count', { count: nodes.length });

  return (
    <div className={screen.page} data-testid="exam-management-page">
      <div className={page.container}>
        <ScreenHeader
          title={t('exams.management.title')}
          subtitle={t('exams.management.subtitle')}
          actions={
            <>
              {signedIn ? (
                <button
                  type="button"
                  className={`${button.button} ${createOpen ? button.secondary : button.primary}`}
                  onClick={() => setCreateOpen((open) => !open)}
                  aria-expanded={createOpen}
                  aria-controls="create-exam-panel"
                  data-testid="toggle-create-exam"
                >
                  {createOpen ? t('exams.management.closeForm') : t('exams.management.newExam')}
                </button>
              ) : (
                <button type="button" className={`${button.button} ${button.primary}`} onClick={toLogin} data-testid="toggle-create-exam">
                  {t('exams.management.loginToCreate')}
                </button>
              )}
              {signedIn && (
                <Link to="/question-files" className={`${button.button} ${button.secondary}`}>
                  {t('exams.management.questionFiles')}
                </Link>
              )}
              {signedIn && (
                // Spec 3 §7: today's daily exam, through create-random-recommendation-exam.
                <button type="button" className={`${button.button} ${button.secondary}`} onClick={() => void openDailyExam()} data-testid="open-daily-exam">
                  {t('exams.management.dailyExam')}
                </button>
              )}
            </>
          }
        />

        {(createOpen || isAdmin) && (
          <Suspense fallback={<Spinner label={t('app.loadingPage')} />}>
            <div className={screen.stack}>
              {signedIn && createOpen && (
                <Card id="create-exam-panel" title={t('exams.create.formTitle')}>
                  <CreateExamForm
                    isAdmin={isAdmin}
                    loadedExams={shown.filter((exam) => isExamCreator(exam, user))}
                    onCreated={() => {
                      if (scope === 'public') setScope('my');
                    }}
                  />
                </Card>
              )}
              {isAdmin && <ExamsSheetCard />}
            </div>
          </Suspense>
        )}

        <section aria-label={t('exams.management.title')}>
          <ExamListFilters
            signedIn={signedIn}
            isAdmin={isAdmin}
            scope={scope}
            onScope={(value) => {
              switched.current = true;
              setScope(value);
            }}
            searchInput={searchInput}
            onSearch={setSearchInput}
            tagIds={tagIds}
            tagById={tagById}
            requiredTagId={domainTag?.id ?? null}
            onOpenTagFilter={() => setTagModalOpen(true)}
            onTagsChange={setChosenTags}
          />

          {signedIn && (
            <div className={styles.bulkBar} data-testid="bulk-bar">
              <label className={styles.bulkSelect}>
                <input
                  type="checkbox"
                  className={form.checkbox}
                  checked={allSelected}
                  disabled={shown.length === 0}
                  onChange={(event) => setSelected(new Set(event.target.checked ? shown.map((exam) => exam.id) : []))}
                  aria-label={t('exams.list.selectAll')}
                  data-testid="exam-select-all"
                />
                <span>{selected.size > 0 ? t('exams.list.selected', { count: selected.size }) : list.firstPage ? countText : ''}</span>
              </label>
              <div className={styles.bulkActions}>
                <button
                  type="button"
                  className={`${button.button} ${button.secondary} ${button.small}`}
                  disabled={busy}
                  onClick={changeSubscription}
                  data-testid="bulk-subscription"
                >
                  {subscriptionLabel}
                </button>
                <button
                  type="button"
                  className={`${button.button} ${button.dangerOutline} ${button.small}`}
                  disabled={busy || !selectedExams.some((exam) => canDeleteExam(exam, user))}
                  onClick={askBulkDelete}
                  data-testid="bulk-delete"
                >
                  {t('exams.actions.deleteSelected')}
                </button>
              </div>
            </div>
          )}

          {list.isLoading && !list.firstPage && <Spinner label={t('exams.list.loading')} />}
          {!list.firstPage && list.error && !list.isLoading && (
            <div className={`${screen.state} ${screen.statePanel} ${screen.stateDashed}`} role="alert">
              <p>{serverDetailOr(list.error, t, t('exams.list.loadFailed'))}</p>
              <button type="button" className={`${button.button} ${button.secondary}`} onClick={() => void list.reload()}>
                {t('exams.list.retry')}
              </button>
            </div>
          )}
          {list.firstPage && nodes.length === 0 && (
            <p className={`${screen.state} ${screen.statePanel} ${screen.stateDashed}`} data-testid="exam-list-empty">
              {emptyText}
            </p>
          )}
          {nodes.length > 0 && (
            <ul className={styles.list} data-testid="exam-list">
              {nodes.map((node) => (
                <ExamItem
                  key={node.exam.id}
                  exam={node.exam}
                  versions={node.children}
                  user={user}
                  isAdmin={isAdmin}
                  selected={selected}
                  onToggleSelect={toggleSelect}
                  onAction={onAction}
                  busy={busy}
                />
              ))}
            </ul>
          )}
          {list.hasMore && (
            <div className={styles.more}>
              <button
                type="button"
                className={`${button.button} ${button.secondary}`}
                disabled={list.isLoadingMore}
                onClick={() => void list.loadMore()}
                data-testid="exam-load-more"
              >
                {list.isLoadingMore ? t('exams.list.loadingMore') : t('exams.list.loadMore')}
              </button>
            </div>
          )}
        </section>
      </div>

      <TagFilterModal
        open={tagModalOpen}
        tags={tags.tags}
        tagsError={tags.error}
        filters={filters}
        requiredId={domainTag?.id ?? null}
        onClose={() => setTagModalOpen(false)}
        onApply={(ids) => {
          setChosenTags(ids.filter((id) => id !== domainTag?.id));
          setTagModalOpen(false);
        }}
      />

      <ConfirmModal
        open={confirm !== null}
        title={
          confirm?.kind === 'bulkDelete'
            ? t('exams.actions.bulkDeleteTitle')
            : confirm?.kind === 'toggleOriginal'
              ? t('exams.actions.toggleOriginalTitle')
              : t('exams.actions.deleteTitle')
        }
        confirmLabel={confirm?.kind === 'toggleOriginal' ? t('exams.actions.toggleOriginalConfirm') : t('exams.actions.deleteConfirm')}
        cancelLabel={t('exams.actions.cancel')}
        closeLabel={t('app.close')}
        tone={confirm?.kind === 'toggleOriginal' ? 'primary' : 'danger'}
        pending={busy}
        onClose={() => setConfirm(null)}
        onConfirm={confirmAction}
        testId="exam-confirm-modal"
      >
        {confirm?.kind === 'delete' && <p>{t('exams.actions.deleteBody', { title: examTitle(confirm.exam, t('exams.list.untitled')) })}</p>}
        {confirm?.kind === 'bulkDelete' && (
          <>
            <p>{t('exams.actions.bulkDeleteBody', { count: confirm.exams.length })}</p>
            {confirm.skipped > 0 && <p className={styles.muted}>{t('exams.actions.bulkDeleteSkipped', { count: confirm.skipped })}</p>}
          </>
        )}
        {confirm?.kind === 'toggleOriginal' && (
          <p>
            {t(confirm.exam.is_original ? 'exams.actions.toggleOriginalToCopy' : 'exams.actions.toggleOriginalToOriginal', {
              title: examTitle(confirm.exam, t('exams.list.untitled')),
            })}
          </p>
        )}
      </ConfirmModal>
    </div>
  );
}
