import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { ExamResult } from '#shared/contracts/results.js';
import { examDisplayTitle } from '#shared/domain/exam-title.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import button from '../../../components/ui/button/button.module.css';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { SignedInOnly } from '../../../lib/auth/signed-in-only.js';
import type { AuthUser } from '../../../lib/auth/auth-user.js';
import { deleteExamResult } from '../api/delete-exam-result.js';
import { useExamResultChunks } from '../api/get-exam-result-chunks.js';
import { formatCompletedAt } from '../../../lib/format-time.js';
import { clampPage, pageCount, pageItems, resultsLoadError, RESULTS_PAGE_SIZE } from '../utils/results-pagination.js';
import { ResultsPagination } from './results-pagination.js';
import { ResultsTable } from './results-table.js';
import styles from './results.module.css';

/** Results (docs/product.md#results): the caller's exam results, 10 a page; admins also redo, continue and delete. */
export function ResultsPage() {
  const [params] = useSearchParams();
  const examId = params.get('exam_id')?.trim() || null;
  // A new filter starts on its first page with nothing loaded.
  return <SignedInOnly>{(user) => <Results key={examId ?? ''} user={user} examId={examId} />}</SignedInOnly>;
}

function Results({ user, examId }: { user: AuthUser; examId: string | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const language = currentLanguage();
  const isAdmin = isSiteAdmin(user);
  const list = useExamResultChunks(examId);
  const [requestedPage, setRequestedPage] = useState(1);
  const [deleting, setDeleting] = useState<ExamResult | null>(null);
  const [pending, setPending] = useState(false);

  // docs/product.md#errors: a failed load empties the list.
  const failed = !!list.error;
  const total = failed ? 0 : (list.count ?? 0);
  const results = failed ? [] : list.results;
  const pages = pageCount(total);
  const current = clampPage(requestedPage, total);
  const shown = pageItems(results, current);
  const waitingForPage =
    !failed && list.hasMore && shown.length < Math.min(RESULTS_PAGE_SIZE, total - (current - 1) * RESULTS_PAGE_SIZE);

  // Past the loaded results: the next chunk of 100 comes with the cursor (guarded against repeats).
  useEffect(() => {
    if (!failed) list.ensureLoaded(current * RESULTS_PAGE_SIZE);
  });

  // The empty list and each load failure are also announced once as a toast (docs/product.md#errors).
  const announced = useRef<unknown>(null);
  useEffect(() => {
    if (list.error && announced.current !== list.error) {
      announced.current = list.error;
      toast.error(t(`results.errors.${resultsLoadError(list.error.status)}`));
    } else if (!list.error && list.count === 0 && announced.current !== 'empty') {
      announced.current = 'empty';
      toast.info(t('results.noResultsToast'));
    }
  }, [list.error, list.count, toast, t]);

  const refresh = () => {
    announced.current = null;
    void list.reload();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setPending(true);
    try {
      await deleteExamResult(deleting.id);
      toast.success(t('results.actions.deleted'));
      setDeleting(null);
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('results.actions.deleteFailed')));
    } finally {
      setPending(false);
    }
  };

  const deletingTitle = deleting ? examDisplayTitle(deleting.exam, language, t('results.untitled')) : '';

  return (
    <div className={screen.page} data-testid="results-page">
      <div className={page.container}>
        <ScreenHeader
          title={t('results.title')}
          subtitle={examId ? t('results.filtered') : t('results.subtitle')}
          actions={
            <>
              <Link to="/results" className={`${button.button} ${button.secondary}`} data-testid="results-all">
                {t('results.allResults')}
              </Link>
              <button
                type="button"
                className={`${button.button} ${button.primary}`}
                onClick={refresh}
                disabled={list.isLoading}
                data-testid="results-refresh"
              >
                {t('results.refresh')}
              </button>
            </>
          }
        />

        {list.isLoading && <Spinner label={t('results.loading')} />}

        {failed && (
          <div
            className={`${screen.state} ${screen.statePanel} ${styles.state}`}
            role="alert"
            data-testid="results-error"
          >
            <p>{t(`results.errors.${resultsLoadError(list.error?.status)}`)}</p>
            <button type="button" className={`${button.button} ${button.secondary}`} onClick={refresh}>
              {t('results.errors.retry')}
            </button>
          </div>
        )}

        {!failed && list.count === 0 && (
          <div className={`${screen.state} ${screen.statePanel} ${styles.state}`} data-testid="results-empty">
            <p className={styles.stateTitle}>{t('results.empty')}</p>
            <p>{t('results.emptyHint')}</p>
          </div>
        )}

        {!failed && total > 0 && (
          <section aria-labelledby="results-list-title">
            <div className={screen.toolbar}>
              <h2 id="results-list-title" className={screen.listTitle}>
                {t('results.listTitle')}
                <span className={screen.count}>{t('results.count', { count: total })}</span>
              </h2>
            </div>
            {waitingForPage && shown.length === 0 ? (
              <Spinner label={t('results.loadingMore')} />
            ) : (
              <ResultsTable results={shown} isAdmin={isAdmin} language={language} onDelete={setDeleting} />
            )}
            <ResultsPagination page={current} pages={pages} total={total} onPage={setRequestedPage} />
          </section>
        )}
      </div>

      <ConfirmModal
        open={deleting !== null}
        title={t('results.actions.deleteTitle')}
        confirmLabel={t('results.actions.deleteConfirm')}
        cancelLabel={t('results.actions.cancel')}
        closeLabel={t('app.close')}
        tone="danger"
        pending={pending}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        testId="delete-result-modal"
      >
        <p>
          {deleting &&
            t('results.actions.deleteBody', {
              title: deletingTitle,
              date: formatCompletedAt(deleting.completed_at, language),
            })}
        </p>
      </ConfirmModal>
    </div>
  );
}
