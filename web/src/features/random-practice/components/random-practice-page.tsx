import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PracticeQuestion } from '#shared/contracts/study-progress.js';
import type { Study } from '#shared/contracts/studies.js';
import { RANDOM_PRACTICE_DEFAULT_COUNT, clampPracticeCount } from '#shared/domain/study-progress.js';
import button from '../../../components/ui/button/button.module.css';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { SignedInOnly } from '../../../lib/auth/signed-in-only.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import { plainText } from '#shared/domain/rich-text.js';
import { usePracticeStudies } from '../api/get-practice-studies.js';
import { drawPracticeQuestions, usePracticePool } from '../api/draw-practice-questions.js';
import { usePracticeSave } from '../hooks/use-practice-save.js';
import { SittingSummary } from '../../take-exam/index.js';
import { correctCount, missedQuestions, practiceEntries, startRun, type PracticeRun } from '../utils/practice-run.js';
import { PracticeQuestionView } from './practice-question.js';
import { PracticeSaveNotice } from './practice-save-notice.js';
import styles from './random-practice.module.css';

/** /random-practice (docs/product.md#random-practice): choose a study, set the count, practise with a verdict per answer, end on the sitting summary. */
export function RandomPracticePage() {
  return <SignedInOnly>{(user) => <RandomPractice isAdmin={isSiteAdmin(user)} />}</SignedInOnly>;
}

function RandomPractice({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const studies = usePracticeStudies(isAdmin);
  const [study, setStudy] = useState<Study | null>(null);
  const [run, setRun] = useState<PracticeRun | null>(null);
  const [finished, setFinished] = useState<{ run: PracticeRun; elapsed: number } | null>(null);
  const saving = usePracticeSave();

  const begin = (questions: PracticeQuestion[]) => {
    setFinished(null);
    saving.reset();
    setRun(startRun(questions, Date.now()));
  };
  const start = async (count: number) => {
    if (!study) return;
    try {
      const drawn = await drawPracticeQuestions(study.id, count);
      if (drawn.questions.length === 0) return void window.alert(t('randomPractice.noQuestions'));
      begin(drawn.questions);
    } catch {
      window.alert(t('randomPractice.startFailed'));
    }
  };

  const finish = (state: PracticeRun) => {
    const elapsed = Math.round((Date.now() - state.startedAt) / 1000);
    setFinished({ run: state, elapsed });
    setRun(null);
    // The answers count as practice (D299); an overruled verdict counts as the learner set it.
    if (study) saving.save(study.id, state, elapsed);
  };
  const next = (state: PracticeRun) => {
    const moved = { ...state, index: state.index + 1 };
    if (moved.index >= state.questions.length) finish(moved);
    else setRun(moved);
  };

  return (
    <div className={screen.page} data-testid="random-practice-page">
      <div className={page.container}>
        <ScreenHeader
          title={t('randomPractice.title')}
          subtitle={study ? (study.display_title ?? '') : t('randomPractice.subtitle')}
        />
        {!study && <StudyGrid studies={studies.data?.results ?? null} failed={!!studies.error} onSelect={setStudy} />}
        {study && !run && !finished && (
          <Settings study={study} onStart={(count) => void start(count)} onBack={() => setStudy(null)} />
        )}
        {run && (
          <PracticeQuestionView
            key={`${run.startedAt}-${run.index}`}
            run={run}
            onAnswer={(questionId, answer) =>
              setRun((current) => current && { ...current, answers: { ...current.answers, [questionId]: answer } })
            }
            onNext={() => next(run)}
            onEnd={() => finish(run)}
          />
        )}
        {finished && <PracticeSaveNotice state={saving.state} />}
        {finished && (
          <SittingSummary
            score={correctCount(finished.run)}
            total={finished.run.questions.length}
            answered={Object.keys(finished.run.answers).length}
            elapsedSeconds={finished.elapsed}
            entries={practiceEntries(finished.run)}
            actions={
              <>
                {missedQuestions(finished.run).length > 0 && (
                  <button
                    type="button"
                    className={`${button.button} ${button.primary}`}
                    onClick={() => begin(missedQuestions(finished.run))}
                    data-testid="retry-missed"
                  >
                    {t('randomPractice.result.retryMissed')}
                  </button>
                )}
                <button
                  type="button"
                  className={`${button.button} ${button.secondary}`}
                  onClick={() => {
                    setFinished(null);
                    saving.reset();
                  }}
                  data-testid="summary-back"
                >
                  {t('randomPractice.result.back')}
                </button>
              </>
            }
          />
        )}
      </div>
    </div>
  );
}

function StudyGrid({
  studies,
  failed,
  onSelect,
}: {
  studies: Study[] | null;
  failed: boolean;
  onSelect(study: Study): void;
}) {
  const { t } = useTranslation();
  if (failed) return <p role="alert">{t('randomPractice.loadFailed')}</p>;
  if (!studies) return <Spinner label={t('randomPractice.loading')} />;
  if (studies.length === 0)
    return (
      <p data-testid="practice-no-studies">
        {t('randomPractice.noStudies')} <Link to="/study-management">{t('randomPractice.findStudy')}</Link>
      </p>
    );
  return (
    <div className={styles.grid}>
      {studies.map((study) => (
        <StudyCard key={study.id} study={study} onSelect={onSelect} />
      ))}
    </div>
  );
}

function StudyCard({ study, onSelect }: { study: Study; onSelect(study: Study): void }) {
  const { t } = useTranslation();
  // The list answers the pool size (with_counters, D95): no request per card.
  const questionTotal = study.question_total ?? 0;
  const goal = study.goal_ko || study.goal_en ? (study.created_language === 'en' ? study.goal_en : study.goal_ko) : '';
  return (
    <article className={styles.card} data-testid="practice-study">
      <h2 className={styles.cardTitle}>{study.display_title}</h2>
      {goal && <p className={styles.muted}>{plainText(goal, 'markdown')}</p>}
      <span className={styles.muted}>
        {t('randomPractice.period', { start: study.start_date ?? '', end: study.end_date ?? '' })}
      </span>
      {study.overall_progress != null && (
        <span className={styles.muted}>
          {t('randomPractice.progress', { value: study.overall_progress.toFixed(2) })}
        </span>
      )}
      {study.question_total !== undefined && (
        <span className={styles.muted}>{t('randomPractice.questionsInStudy', { count: questionTotal })}</span>
      )}
      <button
        type="button"
        className={`${button.button} ${button.primary}`}
        disabled={!study.task_count || questionTotal === 0}
        onClick={() => onSelect(study)}
        data-testid="practice-select"
      >
        {t('randomPractice.select')}
      </button>
    </article>
  );
}

function Settings({ study, onStart, onBack }: { study: Study; onStart(count: number): void; onBack(): void }) {
  const { t } = useTranslation();
  const pool = usePracticePool(study.id);
  // Until the pool answers, the list's pool size (the same count, D95) sets the default and the cap.
  const total = pool.data?.total_questions ?? study.question_total ?? 0;
  const [count, setCount] = useState<number | null>(null);
  const shown = count ?? clampPracticeCount(RANDOM_PRACTICE_DEFAULT_COUNT, total);
  return (
    <section className={styles.panel} data-testid="practice-settings">
      <h2 className={styles.cardTitle}>{t('randomPractice.settings.title')}</h2>
      <label className={styles.row}>
        {t('randomPractice.settings.count', { max: total })}
        <input
          className={styles.input}
          type="number"
          min={1}
          max={total}
          value={shown}
          onChange={(event) => setCount(Math.min(total, Number(event.target.value)))}
          data-testid="practice-count"
        />
      </label>
      <div className={styles.row}>
        <button
          type="button"
          className={`${button.button} ${button.primary}`}
          disabled={shown < 1 || !pool.data}
          onClick={() => onStart(shown)}
          data-testid="practice-start"
        >
          {t('randomPractice.settings.start')}
        </button>
        <button type="button" className={`${button.button} ${button.secondary}`} onClick={onBack}>
          {t('randomPractice.settings.another')}
        </button>
      </div>
    </section>
  );
}
