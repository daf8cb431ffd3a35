import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card/card.js';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { useOpenDailyExam } from '../../daily-exam/index.js';
import { useExamList } from '../hooks/use-exam-list.js';
import { useExamListActions } from '../hooks/use-exam-list-actions.js';
import { isExamCreator } from '../utils/exam-permissions.js';
import { BulkBar } from './bulk-bar.js';
import { ExamConfirmModal } from './exam-confirm-modal.js';
import { ExamListFilters } from './exam-list-filters.js';
import { ExamTreeList } from './exam-tree-list.js';
import { ManagementHeaderActions } from './management-header-actions.js';
import { TagFilterModal } from './tag-filter-modal.js';

// The create form and the admins' sheet card show only on demand or to admins: their code (the
// form's file pickers, switches and question-file list) is not part of the screen's first load (D103).
const CreateExamForm = lazy(async () => ({ default: (await import('./create-exam-form.js')).CreateExamForm }));
const ExamsSheetCard = lazy(async () => ({ default: (await import('./exams-sheet-card.js')).ExamsSheetCard }));

/**
 * Exam management (docs/product.md#exam-management): the exam tree with its filters, bulk actions, create form and
 * admin sheets. The list comes from `useExamList`, what is done to it from `useExamListActions`.
 */
export function ExamManagementPage() {
  const { t } = useTranslation();
  const { user, isAdmin } = useAuth();
  const signedIn = user !== null;
  const openDailyExam = useOpenDailyExam('exam-management');
  const exams = useExamList(signedIn, isAdmin);
  const { list, nodes, shown, domainTag } = exams;
  const actions = useExamListActions(exams, user);
  const [createOpen, setCreateOpen] = useState(false);

  const emptyText = exams.scope === 'my' && !exams.filtered ? t('exams.list.emptyMine') : t('exams.list.empty');
  // The count is of the rows shown: versions sit inside their original's row ("2 exams", one row).
  const countText = list.hasMore
    ? t('exams.list.countMore', { count: nodes.length })
    : t('exams.list.count', { count: nodes.length });

  return (
    <div className={screen.page} data-testid="exam-management-page">
      <div className={page.container}>
        <ScreenHeader
          title={t('exams.management.title')}
          subtitle={t('exams.management.subtitle')}
          actions={
            <ManagementHeaderActions
              signedIn={signedIn}
              createOpen={createOpen}
              onToggleCreate={() => setCreateOpen((open) => !open)}
              onLogin={actions.toLogin}
              onDailyExam={() => void openDailyExam()}
            />
          }
        />

        {/* The admins' sheet card and the list wait for each other: the card's chunk arriving after the
            list would push the rows down (D254). The create form, opened by a click, waits alone. */}
        <Suspense fallback={<Spinner label={t('app.loadingPage')} />}>
          {(createOpen || isAdmin) && (
            <div className={screen.stack}>
              {signedIn && createOpen && (
                <Suspense fallback={<Spinner label={t('app.loadingPage')} />}>
                  <Card id="create-exam-panel" title={t('exams.create.formTitle')}>
                    <CreateExamForm
                      isAdmin={isAdmin}
                      loadedExams={shown.filter((exam) => isExamCreator(exam, user))}
                      onCreated={exams.showOwn}
                    />
                  </Card>
                </Suspense>
              )}
              {isAdmin && <ExamsSheetCard />}
            </div>
          )}

          <section aria-label={t('exams.management.title')}>
            <ExamListFilters
              signedIn={signedIn}
              isAdmin={isAdmin}
              scope={exams.scope}
              onScope={exams.chooseScope}
              searchInput={exams.searchInput}
              onSearch={exams.setSearchInput}
              tagIds={exams.tagIds}
              tagById={exams.tagById}
              requiredTagId={domainTag?.id ?? null}
              onOpenTagFilter={() => exams.setTagModalOpen(true)}
              onTagsChange={exams.setChosenTags}
            />

            {signedIn && (
              <BulkBar
                allSelected={actions.allSelected}
                empty={shown.length === 0}
                selectedCount={actions.selected.size}
                countText={list.firstPage ? countText : ''}
                plan={actions.plan}
                canDelete={actions.canDeleteSelected}
                busy={actions.busy}
                onSelectAll={actions.selectAll}
                onSubscription={actions.changeSubscription}
                onDelete={actions.askBulkDelete}
              />
            )}

            <ExamTreeList
              list={list}
              nodes={nodes}
              emptyText={emptyText}
              notice={exams.movedToPublic ? t('exams.filters.switchedToPublic') : undefined}
              user={user}
              isAdmin={isAdmin}
              selected={actions.selected}
              onToggleSelect={actions.toggleSelect}
              onAction={actions.onAction}
              busy={actions.busy}
            />
          </section>
        </Suspense>
      </div>

      <TagFilterModal
        open={exams.tagModalOpen}
        tagList={exams.tags}
        filters={exams.filters}
        requiredId={domainTag?.id ?? null}
        onClose={() => exams.setTagModalOpen(false)}
        onApply={(ids, picked) => {
          exams.setPickedTags(picked);
          exams.setChosenTags(ids.filter((id) => id !== domainTag?.id));
          exams.setTagModalOpen(false);
        }}
      />

      <ExamConfirmModal
        confirm={actions.confirm}
        pending={actions.busy}
        onClose={actions.dismissConfirm}
        onConfirm={actions.confirmAction}
      />
    </div>
  );
}
