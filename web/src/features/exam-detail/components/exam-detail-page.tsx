import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Exam } from '#shared/contracts/exams.js';
import { dailyQuizTitle, examDisplayTitle } from '#shared/domain/exam-title.js';
import button from '../../../components/ui/button/button.module.css';
import { ConfirmModal } from '../../../components/ui/modal/confirm-modal.js';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { SignedInOnly } from '../../../lib/auth/signed-in-only.js';
import { loginPathFor } from '../../../lib/auth/safe-return-path.js';
import type { AuthUser } from '../../../lib/auth/auth-user.js';
import { useOpenDailyExam } from '../../daily-exam/index.js';
import { TagManager } from '../../tags/index.js';
import { loadConnectedStudies, setIgnored, toggleFavorite, useExam, useIgnoredQuestions, useQuestionStatistics, useShareLink, type ConnectedStudy } from '../../take-exam/index.js';
import { adjustAccuracy } from '../api/adjust-accuracy.js';
import { createExamFromQuestions } from '../api/create-exam-from-questions.js';
import { createMemberMapping } from '../api/create-member-mapping.js';
import { deleteExam } from '../api/delete-exam.js';
import { deleteExamQuestionResults, deleteMyQuestionResults } from '../api/delete-question-results.js';
import { deleteQuestions } from '../api/delete-questions.js';
import { downloadConnectedFile } from '../api/download-connected-file.js';
import { useFavoriteQuestions } from '../api/get-favorite-questions.js';
import { useMemberMappings } from '../api/get-member-mappings.js';
import { toggleSelectedFlags } from '../api/toggle-selected-flags.js';
import { copyQuestionsTo, moveQuestionsTo } from '../api/transfer-questions.js';
import { applyGroup } from '../api/update-group.js';
import { updateExamInfo } from '../api/update-exam-info.js';
import { useDetailState } from '../hooks/use-detail-state.js';
import { nextSort } from '../utils/detail-state.js';
import { detailRights } from '../utils/detail-permissions.js';
import { addQuestionPath, singleQuestionPath, startExamPath } from '../utils/exam-links.js';
import { buildMockInterviewPrompt } from '../utils/mock-interview-prompt.js';
import { filterRows, sortRows, toRows, type QuestionRow, type RowSource } from '../utils/question-rows.js';
import { AccuracyCard } from './accuracy-card.js';
import { ExamInfoCard } from './exam-info-card.js';
import { FilterBar } from './filter-bar.js';
import { MockInterviewModal } from './mock-interview-modal.js';
import { OptionsModal, type OptionsAction } from './options-modal.js';
import { QuestionTable } from './question-table.js';
import { RandomExamModal, type RandomExamChoice } from './random-exam-modal.js';
import { UploadCard } from './upload-card.js';
import styles from './exam-detail.module.css';

/** /exam-detail/{examId}, and /favorites (no exam id): the same screen in favorites mode (spec 3 §2.2). */
export function ExamDetailPage() {
  const { examId } = useParams();
  return <SignedInOnly>{(user) => <ExamDetail key={examId ?? 'favorites'} user={user} examId={examId ?? null} />}</SignedInOnly>;
}

interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
  tone: 'primary' | 'danger';
  run(): Promise<void>;
}

const EMPTY_MAP: ReadonlyMap<string, string> = new Map();

function ExamDetail({ user, examId }: { user: AuthUser; examId: string | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const language = currentLanguage();
  const favoritesMode = examId === null;
  const { state, update, resetAll } = useDetailState(favoritesMode);

  // Start-up (spec 3 §2.2): the exam (or the favorites), its statistics, the ignored list.
  const exam = useExam(examId);
  const favorites = useFavoriteQuestions(true);
  const ignored = useIgnoredQuestions(true);
  const statistics = useQuestionStatistics(examId, true);
  const rights = detailRights(exam.data, user);
  const mappings = useMemberMappings(!favoritesMode && rights.canManage ? examId : null);
  const [studies, setStudies] = useState<ConnectedStudy[]>([]);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [randomOpen, setRandomOpen] = useState(false);
  const [interviewOpen, setInterviewOpen] = useState(false);
  const [confirm, setConfirm] = useState<Confirmation | null>(null);
  const share = useShareLink();
  // Spec 3 §6: the daily random exam button shows only on the user's own daily exam.
  const openDailyExam = useOpenDailyExam('exam-detail', examId ? `exam-detail/${examId}` : undefined);
  const ownDailyExam = !!exam.data && [exam.data.title, exam.data.title_ko, exam.data.title_en].some((value) => value?.trim() === dailyQuizTitle(user.username));

  const loadError = favoritesMode ? favorites.error : exam.error;
  const announced = useRef<unknown>(null);
  useEffect(() => {
    if (!loadError || announced.current === loadError) return;
    announced.current = loadError;
    if (loadError instanceof ApiError && loadError.status === 401) {
      toast.error(t('examDetail.errors.loginRequired'));
      navigate(loginPathFor(`${window.location.pathname}${window.location.search}`), { replace: true });
    } else {
      toast.error(t(favoritesMode ? 'examDetail.errors.favoritesLoadFailed' : 'examDetail.errors.loadFailed'));
    }
  }, [loadError, favoritesMode, navigate, t, toast]);

  // Connected studies feed member mapping; a failure is silent and leaves the list empty (spec 3 §8).
  useEffect(() => {
    if (!examId || !rights.canManage) return;
    let live = true;
    loadConnectedStudies(examId).then(
      (list) => live && setStudies(list),
      () => live && setStudies([]),
    );
    return () => {
      live = false;
    };
  }, [examId, rights.canManage]);

  const sources: RowSource[] = useMemo(() => (favoritesMode ? (favorites.data?.questions ?? []) : (exam.data?.questions ?? [])), [favoritesMode, favorites.data, exam.data]);
  const rows = useMemo(() => {
    const stats = new Map((statistics.error ? [] : (statistics.data ?? [])).map((stat) => [stat.question_id, stat]));
    const favoriteIds = new Set((favorites.data?.questions ?? []).map((question) => question.id));
    const ignoredIds = new Set((ignored.data?.ignored_questions ?? []).map((entry) => entry.question_id));
    return toRows(sources, { language, stats, favorites: favoriteIds, ignored: ignoredIds });
  }, [sources, statistics.data, statistics.error, favorites.data, ignored.data, language]);
  const shown = useMemo(() => sortRows(filterRows(rows, state), state.sortBy, state.sortOrder, rows), [rows, state]);
  const shownSelected = shown.filter((row) => selected.has(row.id));
  const originalExams = useMemo(() => {
    const byId = new Map<string, { id: string; title: string }>();
    for (const row of rows) for (const origin of row.originalExams) byId.set(origin.id, origin);
    return [...byId.values()];
  }, [rows]);
  const mappingByQuestion = useMemo(() => {
    if (mappings.error || !mappings.data?.length) return EMPTY_MAP;
    const names = new Map<string, string[]>();
    for (const mapping of mappings.data) names.set(mapping.question.id, [...(names.get(mapping.question.id) ?? []), mapping.member.name]);
    return new Map([...names].map(([id, list]) => [id, list.join(', ')]));
  }, [mappings.data, mappings.error]);

  const title = favoritesMode ? t('examDetail.favorites.title') : exam.data ? examDisplayTitle(exam.data, language, t('examDetail.untitled')) : '';
  const loading = favoritesMode ? favorites.isLoading : exam.isLoading;
  const sourceExamFor = (row: QuestionRow) => examId ?? row.originalExams[0]?.id ?? null;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = (select: boolean) => setSelected(select ? new Set(shown.map((row) => row.id)) : new Set());

  /** Runs a write with the screen busy; failures show the server's detail or `failureKey`. */
  const run = async (work: () => Promise<void>, failureKey: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.error(serverDetailOr(error, t, t(failureKey)));
    } finally {
      setBusy(false);
    }
  };

  const flip = async (row: QuestionRow, kind: 'favorite' | 'ignore') => {
    setBusyId(row.id);
    try {
      if (kind === 'favorite') {
        const answer = await toggleFavorite(row.id, sourceExamFor(row) ?? '');
        toast.success(t(answer.is_favorite ? 'examDetail.toasts.favorited' : 'examDetail.toasts.unfavorited'));
      } else {
        const answer = await setIgnored(row.id, !row.isIgnored);
        toast.success(t(answer.is_ignored ? 'examDetail.toasts.ignored' : 'examDetail.toasts.unignored'));
      }
    } catch (error) {
      toast.error(serverDetailOr(error, t, t(kind === 'favorite' ? 'examDetail.errors.favoriteFailed' : 'examDetail.errors.ignoreFailed')));
    } finally {
      setBusyId(null);
    }
  };

  const flipSelected = (kind: 'favorite' | 'ignore') =>
    run(
      async () => {
        const targets = shownSelected.map((row) => ({ questionId: row.id, examId: sourceExamFor(row) ?? '', isIgnored: row.isIgnored }));
        const { done, failed } = await toggleSelectedFlags(kind, targets);
        if (failed > 0) toast.warning(t('examDetail.toasts.bulkPartial', { done, failed }));
        else toast.success(t(kind === 'favorite' ? 'examDetail.toasts.bulkFavorited' : 'examDetail.toasts.bulkIgnored', { count: done }));
      },
      kind === 'favorite' ? 'examDetail.errors.favoriteFailed' : 'examDetail.errors.ignoreFailed',
    );

  /** The questions an exam starts with: the selection in table order, else everything shown. */
  const chosenIds = () => (shownSelected.length > 0 ? shownSelected : shown).map((row) => row.id);

  const startExam = () => {
    if (shown.length === 0) {
      toast.error(t('examDetail.errors.noQuestionsShown'));
      return;
    }
    if (examId) {
      navigate(startExamPath(examId, chosenIds(), state, false));
      return;
    }
    void run(async () => {
      const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
      const created = await createExamFromQuestions({
        title: t('examDetail.favorites.examTitle', { username: user.username, stamp }),
        questionIds: chosenIds(),
        sourceExamId: null,
        selectionMode: 'manual',
        count: chosenIds().length,
      });
      navigate(`/take-exam/${encodeURIComponent(created.id)}?returnTo=favorites`);
    }, 'examDetail.errors.startFailed');
  };

  const createRandom = (choice: RandomExamChoice) =>
    run(async () => {
      const manual = shownSelected.length > 0;
      const created = await createExamFromQuestions({
        title: choice.title,
        questionIds: chosenIds(),
        sourceExamId: examId,
        selectionMode: manual ? 'manual' : 'random',
        count: choice.count,
        randomOption: choice.randomOption,
      });
      setRandomOpen(false);
      toast.success(t('examDetail.random.created'));
      navigate(
        examId
          ? `/take-exam/${encodeURIComponent(created.id)}?returnTo=exam-detail&examId=${encodeURIComponent(examId)}`
          : `/take-exam/${encodeURIComponent(created.id)}?returnTo=favorites`,
      );
    }, 'examDetail.errors.randomFailed');

  const openRandom = () => {
    if (shown.length === 0 && shownSelected.length === 0) toast.error(t('examDetail.errors.noQuestionsShown'));
    else setRandomOpen(true);
  };

  const ask = (confirmation: Confirmation) => setConfirm(confirmation);

  const onOptions = (action: OptionsAction) => {
    if (!examId) return;
    const ids = shownSelected.map((row) => row.id);
    switch (action.kind) {
      case 'move':
      case 'copy':
        void run(
          async () => {
            const transfer = { fromExamId: examId, toExamId: action.targetExamId, questionIds: ids };
            const count = action.kind === 'move' ? (await moveQuestionsTo(transfer)).moved_count : (await copyQuestionsTo(transfer)).copied_count;
            toast.success(t(action.kind === 'move' ? 'examDetail.toasts.moved' : 'examDetail.toasts.copied', { count }));
            setSelected(new Set());
            setOptionsOpen(false);
          },
          action.kind === 'move' ? 'examDetail.errors.moveFailed' : 'examDetail.errors.copyFailed',
        );
        return;
      case 'group':
        void run(async () => {
          const answer = await applyGroup(examId, ids, action.groupId);
          toast.success(t('examDetail.toasts.grouped', { count: answer.updated_count, group: action.groupId }));
        }, 'examDetail.errors.groupFailed');
        return;
      case 'deleteQuestions':
        ask({
          title: t('examDetail.confirm.deleteQuestionsTitle'),
          message: t('examDetail.confirm.deleteQuestions', { count: ids.length }),
          confirmLabel: t('examDetail.confirm.delete'),
          tone: 'danger',
          run: () =>
            run(async () => {
              const answer = await deleteQuestions(examId, ids);
              toast.success(t('examDetail.toasts.questionsDeleted', { count: answer.deleted_count }));
              setSelected(new Set());
            }, 'examDetail.errors.deleteQuestionsFailed'),
        });
        return;
      case 'deleteMyResults':
        ask({
          title: t('examDetail.confirm.deleteResultsTitle'),
          message: t('examDetail.confirm.deleteMyResults', { count: ids.length }),
          confirmLabel: t('examDetail.confirm.delete'),
          tone: 'danger',
          run: () =>
            run(async () => {
              await deleteMyQuestionResults(ids);
              toast.success(t('examDetail.toasts.resultsDeleted'));
            }, 'examDetail.errors.deleteResultsFailed'),
        });
        return;
      case 'deleteAllResults':
        ask({
          title: t('examDetail.confirm.deleteResultsTitle'),
          message: t('examDetail.confirm.deleteAllResults'),
          confirmLabel: t('examDetail.confirm.delete'),
          tone: 'danger',
          run: () =>
            run(async () => {
              const answer = await deleteExamQuestionResults(examId, true);
              toast.success(t(answer.completed ? 'examDetail.toasts.resultsDeleted' : 'examDetail.toasts.resultsDeleting'));
            }, 'examDetail.errors.deleteResultsFailed'),
        });
        return;
      case 'mapping':
        void run(async () => {
          const answer = await createMemberMapping(
            examId,
            action.studyId,
            shown.map((row) => row.id),
          );
          toast.success(t('examDetail.toasts.mapped', { count: answer.created_count }));
        }, 'examDetail.errors.mappingFailed');
        return;
    }
  };

  const adjust = (direction: 'increase' | 'decrease', percentage: number) => {
    if (!examId) return;
    const ids = shownSelected.map((row) => row.id);
    const apply = () =>
      run(async () => {
        const answer = await adjustAccuracy({ examId, username: user.username, questionIds: ids, percentage, direction });
        toast.success(t('examDetail.toasts.adjusted', { count: answer.adjusted_count }));
      }, 'examDetail.errors.adjustFailed');
    if (ids.length > 0) void apply();
    else
      ask({
        title: t('examDetail.confirm.adjustTitle'),
        message: t('examDetail.confirm.adjustAll', { count: rows.length }),
        confirmLabel: t(direction === 'increase' ? 'examDetail.accuracy.increase' : 'examDetail.accuracy.decrease'),
        tone: 'primary',
        run: apply,
      });
  };

  const removeExam = (target: Exam) =>
    ask({
      title: t('examDetail.confirm.deleteExamTitle'),
      message: t('examDetail.confirm.deleteExam', { title }),
      confirmLabel: t('examDetail.confirm.delete'),
      tone: 'danger',
      run: () =>
        run(async () => {
          await deleteExam(target.id);
          toast.success(t('examDetail.toasts.examDeleted'));
          navigate('/exam-management');
        }, 'examDetail.errors.deleteExamFailed'),
    });

  const download = (fileName: string) =>
    void downloadConnectedFile(fileName).catch((error: unknown) => toast.error(serverDetailOr(error, t, t('examDetail.errors.downloadFailed'))));

  const prompt = useMemo(
    () =>
      interviewOpen
        ? buildMockInterviewPrompt(
            title,
            (shownSelected.length > 0 ? shownSelected : shown).map((row) => sources.find((q) => q.id === row.id) ?? {}),
            language,
          )
        : '',
    [interviewOpen, title, shownSelected, shown, sources, language],
  );

  const loaded = favoritesMode ? !!favorites.data : !!exam.data;
  const examData = exam.data;

  return (
    <div className={screen.page} data-testid="exam-detail-page" data-mode={favoritesMode ? 'favorites' : 'exam'}>
      <div className={page.container}>
        <ScreenHeader
          title={title || t('examDetail.title')}
          subtitle={favoritesMode ? t('examDetail.favorites.subtitle') : undefined}
          actions={
            <>
              <button type="button" className={`${button.button} ${button.secondary}`} onClick={() => void share()} data-testid="detail-share">
                {t('examDetail.header.share')}
              </button>
              {!favoritesMode && ownDailyExam && (
                <button type="button" className={`${button.button} ${button.secondary}`} onClick={() => void openDailyExam()} data-testid="detail-daily-exam">
                  {t('examDetail.header.dailyExam')}
                </button>
              )}
              {!favoritesMode && rights.canManage && (
                <Link to="/exam-management" className={`${button.button} ${button.secondary}`} data-testid="detail-my-exam">
                  {t('examDetail.header.myExam')}
                </Link>
              )}
              {!favoritesMode && examData && (rights.canManage || rights.isCreator) && (
                <details className={styles.dropdown} data-testid="detail-admin-menu">
                  <summary className={`${button.button} ${button.secondary}`}>{t('examDetail.header.admin')}</summary>
                  <div className={styles.dropdownMenu}>
                    {examData.file_name && (
                      <button type="button" className={styles.dropdownItem} onClick={() => download(examData.file_name!)}>
                        {t('examDetail.header.downloadFile')}
                      </button>
                    )}
                    <button type="button" className={`${styles.dropdownItem} ${styles.dropdownDanger}`} onClick={() => removeExam(examData)} data-testid="detail-delete-exam">
                      {t('examDetail.header.deleteExam')}
                    </button>
                  </div>
                </details>
              )}
            </>
          }
        />

        {loading && <Spinner label={t('examDetail.loading')} />}

        {loadError && !loaded && (
          <div className={`${screen.state} ${screen.statePanel}`} role="alert" data-testid="exam-detail-error">
            <p>{t(favoritesMode ? 'examDetail.errors.favoritesLoadFailed' : 'examDetail.errors.loadFailed')}</p>
            <button type="button" className={`${button.button} ${button.secondary}`} onClick={() => void (favoritesMode ? favorites.reload() : exam.reload())}>
              {t('examDetail.common.retry')}
            </button>
          </div>
        )}

        {loaded && (
          <div className={styles.layout}>
            {examData && (
              <>
                <ExamInfoCard key={examData.id} exam={examData} language={language} canEdit={rights.canEdit} />
                {examData.tags !== undefined && (
                  <div className={styles.tags}>
                    <TagManager
                      entityType="exam"
                      tags={examData.tags}
                      canEdit={rights.canEdit}
                      save={async (ids) => (await updateExamInfo(examData.id, { tags: ids })).tags ?? []}
                      testId="detail-tags"
                    />
                  </div>
                )}
                <div className={styles.cardGrid}>
                  <AccuracyCard selectedCount={shownSelected.length} pending={busy} onAdjust={adjust} />
                  {(rights.canEdit || rights.isStudyAdmin) && (
                    <UploadCard
                      examId={examData.id}
                      connectedFile={examData.file_name ?? null}
                      canUpload={rights.isAdmin || rights.isCreator || !examData.file_name}
                      onDownload={() => download(examData.file_name!)}
                    />
                  )}
                </div>
              </>
            )}

            <FilterBar state={state} onChange={update} onReset={resetAll} favoritesMode={favoritesMode} originalExams={originalExams} />

            <div className={screen.toolbar}>
              <h2 className={screen.listTitle}>
                {t('examDetail.list.title')}
                <span className={screen.count} data-testid="question-count">
                  {t('examDetail.list.count', { shown: shown.length, total: rows.length, selected: shownSelected.length })}
                </span>
              </h2>
              <div className={styles.listActions}>
                <button type="button" className={`${button.button} ${button.primary}`} onClick={startExam} disabled={busy} data-testid="detail-start">
                  {shownSelected.length > 0 ? t('examDetail.list.startSelected', { count: shownSelected.length }) : t('examDetail.list.start')}
                </button>
                <button type="button" className={`${button.button} ${button.secondary}`} onClick={openRandom} disabled={busy} data-testid="detail-random">
                  {t('examDetail.list.random')}
                </button>
                {shownSelected.length > 0 && (
                  <>
                    <button
                      type="button"
                      className={`${button.button} ${button.secondary}`}
                      onClick={() => void flipSelected('favorite')}
                      disabled={busy}
                      data-testid="detail-bulk-favorite"
                    >
                      {t('examDetail.list.bulkFavorite')}
                    </button>
                    <button
                      type="button"
                      className={`${button.button} ${button.secondary}`}
                      onClick={() => void flipSelected('ignore')}
                      disabled={busy}
                      data-testid="detail-bulk-ignore"
                    >
                      {t('examDetail.list.bulkIgnore')}
                    </button>
                  </>
                )}
                {(favoritesMode || examData?.ai_mock_interview) && (
                  <button
                    type="button"
                    className={`${button.button} ${button.secondary}`}
                    onClick={() => setInterviewOpen(true)}
                    disabled={shown.length === 0}
                    data-testid="detail-interview"
                  >
                    {t('examDetail.list.interview')}
                  </button>
                )}
                {examId && rights.canEdit && (
                  <>
                    <Link to={addQuestionPath(examId)} className={`${button.button} ${button.secondary}`} data-testid="detail-add-question">
                      {t('examDetail.list.addQuestion')}
                    </Link>
                    <button type="button" className={`${button.button} ${button.secondary}`} onClick={() => setOptionsOpen(true)} data-testid="detail-options">
                      {t('examDetail.list.options')}
                    </button>
                  </>
                )}
              </div>
            </div>

            {rows.length === 0 ? (
              <div className={`${screen.state} ${screen.statePanel} ${screen.stateDashed}`} data-testid="detail-empty">
                {t(favoritesMode ? 'examDetail.favorites.empty' : 'examDetail.list.empty')}
              </div>
            ) : shown.length === 0 ? (
              <div className={`${screen.state} ${screen.statePanel} ${screen.stateDashed}`} data-testid="detail-no-match">
                {t('examDetail.list.noMatch')}
              </div>
            ) : (
              <QuestionTable
                rows={shown}
                selected={selected}
                onToggle={toggle}
                onToggleAll={toggleAll}
                sortBy={state.sortBy}
                sortOrder={state.sortOrder}
                onSort={(column) => update(nextSort(state, column))}
                favoritesMode={favoritesMode}
                questionPath={(row) => singleQuestionPath(sourceExamFor(row) ?? '', row.id, state, favoritesMode)}
                onFavorite={(row) => void flip(row, 'favorite')}
                onIgnore={(row) => void flip(row, 'ignore')}
                busyId={busyId}
                mappings={mappingByQuestion}
              />
            )}
          </div>
        )}
      </div>

      {examData && (
        <OptionsModal
          open={optionsOpen && !confirm}
          onClose={() => setOptionsOpen(false)}
          exam={examData}
          language={language}
          rights={rights}
          selectedCount={shownSelected.length}
          filteredCount={shown.length}
          studies={studies}
          busy={busy}
          onAction={onOptions}
        />
      )}
      {randomOpen && (
        <RandomExamModal
          open
          onClose={() => setRandomOpen(false)}
          filteredCount={shown.length}
          selectedCount={shownSelected.length}
          defaultTitle={dailyQuizTitle(user.username)}
          pending={busy}
          onCreate={(choice) => void createRandom(choice)}
        />
      )}
      <MockInterviewModal open={interviewOpen} onClose={() => setInterviewOpen(false)} prompt={prompt} questionCount={(shownSelected.length > 0 ? shownSelected : shown).length} />
      <ConfirmModal
        open={!!confirm}
        title={confirm?.title ?? ''}
        confirmLabel={confirm?.confirmLabel ?? ''}
        cancelLabel={t('examDetail.common.cancel')}
        closeLabel={t('examDetail.common.close')}
        tone={confirm?.tone}
        pending={busy}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          const action = confirm;
          setConfirm(null);
          void action?.run();
        }}
        testId="detail-confirm"
      >
        <p>{confirm?.message}</p>
      </ConfirmModal>
    </div>
  );
}
