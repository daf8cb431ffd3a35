import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { dailyQuizTitle } from '#shared/domain/exam-title.js';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { SignedInOnly } from '../../../lib/auth/signed-in-only.js';
import type { AuthUser } from '../../../lib/auth/auth-user.js';
import { useOpenDailyExam } from '../../daily-exam/index.js';
import { DetailLoadError } from './detail-load-error.js';
import { OfflineExamSwitch, SittingOfferModal, useShareLink, useSittingOffer } from '../../take-exam/index.js';
import { useAnswerReveal } from '../hooks/use-answer-reveal.js';
import { useBusyRunner } from '../hooks/use-busy-runner.js';
import { useConfirmation } from '../hooks/use-confirmation.js';
import { useDetailData } from '../hooks/use-detail-data.js';
import { useDetailState } from '../hooks/use-detail-state.js';
import { useExamAdminActions } from '../hooks/use-exam-admin-actions.js';
import { useExamStart } from '../hooks/use-exam-start.js';
import { useOptionsActions } from '../hooks/use-options-actions.js';
import { useQuestionFlags } from '../hooks/use-question-flags.js';
import { useQuestionRows } from '../hooks/use-question-rows.js';
import { useRowSelection } from '../hooks/use-row-selection.js';
import { isOwnDailyExam } from '../utils/detail-permissions.js';
import { activeFilterCount, hasActiveFilters, nextSort } from '../utils/detail-state.js';
import { singleQuestionPath } from '../utils/exam-links.js';
import { sourceExamOf } from '../utils/question-rows.js';
import { DetailConfirmModal } from './detail-confirm-modal.js';
import { DetailHeaderActions } from './detail-header-actions.js';
import { ExamOverview } from './exam-overview.js';
import { FilterBar } from './filter-bar.js';
import { MockInterview } from './mock-interview.js';
import { OptionsModal } from './options-modal.js';
import { PhoneDisclosure } from './phone-disclosure.js';
import { QuestionListToolbar } from './question-list-toolbar.js';
import { QuestionTable } from './question-table.js';
import { RandomExamModal } from './random-exam-modal.js';
import styles from './exam-detail.module.css';

/** /exam-detail/{examId}, and /favorites (no exam id): the same screen in favorites mode (docs/product.md#exam-detail). */
export function ExamDetailPage() {
  const { examId } = useParams();
  return (
    <SignedInOnly>
      {(user) => <ExamDetail key={examId ?? 'favorites'} user={user} examId={examId ?? null} />}
    </SignedInOnly>
  );
}

/** The screen: its data and state come from the hooks in `../hooks/`, its parts from the components beside it. */
function ExamDetail({ user, examId }: { user: AuthUser; examId: string | null }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const data = useDetailData(user, examId, language);
  const { favoritesMode, rights, title } = data;
  const examData = data.exam.data;
  const { state, update, resetAll } = useDetailState(favoritesMode);
  const { sources, rows, shown, originalExams, mappingByQuestion } = useQuestionRows(data, state, language);
  const selection = useRowSelection(shown);
  const { shownSelected } = selection;
  const { busy, run } = useBusyRunner();
  const { confirm, ask, dismiss } = useConfirmation();
  const [interviewOpen, setInterviewOpen] = useState(false);
  const reveal = useAnswerReveal();
  const share = useShareLink();
  const openDailyExam = useOpenDailyExam('exam-detail', examId ? `exam-detail/${examId}` : undefined);

  const flags = useQuestionFlags(examId, shownSelected, run);
  const offer = useSittingOffer(true);
  const start = useExamStart({
    examId,
    username: user.username,
    state,
    shown,
    shownSelected,
    run,
    startKnowingly: offer.start,
  });
  const options = useOptionsActions({
    examId,
    username: user.username,
    rowCount: rows.length,
    shown,
    shownSelected,
    clearSelection: selection.clear,
    run,
    ask,
  });
  const admin = useExamAdminActions(title, run, ask);
  const chosen = shownSelected.length > 0 ? shownSelected : shown;

  return (
    <div className={screen.page} data-testid="exam-detail-page" data-mode={favoritesMode ? 'favorites' : 'exam'}>
      <div className={page.container}>
        {/* With its data: the exam's title and the actions it allows, drawn before, grew the header and
            pushed the screen down (D254). */}
        {!data.loading && (
          <ScreenHeader
            title={title || t('examDetail.title')}
            subtitle={favoritesMode ? t('examDetail.favorites.subtitle') : undefined}
            actions={
              <DetailHeaderActions
                favoritesMode={favoritesMode}
                exam={examData}
                rights={rights}
                ownDailyExam={isOwnDailyExam(examData, user.username)}
                onShare={() => void share()}
                onDailyExam={() => void openDailyExam()}
                onDownload={admin.download}
                onDeleteExam={admin.removeExam}
              />
            }
          />
        )}

        {data.loading && <Spinner label={t('examDetail.loading')} />}

        {data.loadError && !data.loaded && (
          <DetailLoadError error={data.loadError} favoritesMode={favoritesMode} onRetry={data.reload} />
        )}

        {data.loaded && (
          <div className={styles.layout}>
            {examData && (
              <ExamOverview
                exam={examData}
                language={language}
                rights={rights}
                selectedCount={shownSelected.length}
                busy={busy}
                onAdjust={options.adjust}
                onDownload={admin.download}
              />
            )}
            {examData && !favoritesMode && examId && (
              <OfflineExamSwitch userId={String(user.id ?? user.username)} examId={examId} />
            )}

            <PhoneDisclosure
              summary={
                hasActiveFilters(state, favoritesMode)
                  ? t('examDetail.filters.labelActive', { count: activeFilterCount(state, favoritesMode) })
                  : t('examDetail.filters.label')
              }
              testId="detail-filters"
              openOnPhone={hasActiveFilters(state, favoritesMode)}
            >
              <FilterBar
                state={state}
                onChange={update}
                onReset={resetAll}
                favoritesMode={favoritesMode}
                originalExams={originalExams}
              />
            </PhoneDisclosure>

            <QuestionListToolbar
              examId={examId}
              counts={{ shown: shown.length, total: rows.length, selected: shownSelected.length }}
              busy={busy}
              showInterview={favoritesMode || !!examData?.ai_mock_interview}
              canEdit={rights.canEdit}
              answersShown={reveal.all}
              onShowAnswers={reveal.toggleAll}
              onStart={start.startExam}
              onRandom={start.openRandom}
              onBulkFlag={(kind) => void flags.flipSelected(kind)}
              onInterview={() => setInterviewOpen(true)}
              onOptions={options.openOptions}
            />

            {rows.length === 0 ? (
              <div className={`${screen.state} ${screen.statePanel} ${screen.stateDashed}`} data-testid="detail-empty">
                {t(favoritesMode ? 'examDetail.favorites.empty' : 'examDetail.list.empty')}
              </div>
            ) : shown.length === 0 ? (
              <div
                className={`${screen.state} ${screen.statePanel} ${screen.stateDashed}`}
                data-testid="detail-no-match"
              >
                {t('examDetail.list.noMatch')}
              </div>
            ) : (
              <QuestionTable
                rows={shown}
                selected={selection.selected}
                onToggle={selection.toggle}
                onToggleAll={selection.toggleAll}
                sortBy={state.sortBy}
                sortOrder={state.sortOrder}
                onSort={(column) => update((current) => nextSort(current, column))}
                favoritesMode={favoritesMode}
                questionPath={(row) =>
                  singleQuestionPath(sourceExamOf(row, examId) ?? '', row.id, state, favoritesMode)
                }
                onFavorite={(row) => void flags.flip(row, 'favorite')}
                onIgnore={(row) => void flags.flip(row, 'ignore')}
                busyId={flags.busyId}
                mappings={mappingByQuestion}
                reveal={reveal}
              />
            )}
          </div>
        )}
      </div>

      {examData && (
        <OptionsModal
          open={options.optionsOpen && !confirm}
          onClose={options.closeOptions}
          exam={examData}
          language={language}
          rights={rights}
          selectedCount={shownSelected.length}
          filteredCount={shown.length}
          studies={data.studies}
          busy={busy}
          onAction={options.onOptions}
        />
      )}
      {start.randomOpen && (
        <RandomExamModal
          open
          onClose={start.closeRandom}
          filteredCount={shown.length}
          selectedCount={shownSelected.length}
          defaultTitle={dailyQuizTitle(user.username)}
          pending={busy}
          onCreate={(choice) => void start.createRandom(choice)}
        />
      )}
      <MockInterview
        open={interviewOpen}
        onClose={() => setInterviewOpen(false)}
        title={title}
        rows={chosen}
        sources={sources}
        language={language}
      />
      <DetailConfirmModal confirmation={confirm} pending={busy} onClose={dismiss} />
      <SittingOfferModal
        answered={offer.offer?.answered ?? null}
        pending={offer.pending}
        onContinue={offer.resume}
        onStartOver={() => void offer.startOver()}
        onClose={offer.close}
      />
    </div>
  );
}
