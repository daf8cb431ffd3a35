import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PracticeQuestion } from '#shared/contracts/study-progress.js';
import type { Study } from '#shared/contracts/studies.js';
import { isAnswerCorrect } from '#shared/domain/answer-check.js';
import { RANDOM_PRACTICE_DEFAULT_COUNT, clampPracticeCount, practiceAccuracy } from '#shared/domain/study-progress.js';
import button from '../../../components/ui/button/button.module.css';
import { Modal } from '../../../components/ui/modal/modal.js';
import page from '../../../components/ui/page/page.module.css';
import { ScreenHeader } from '../../../components/ui/screen/screen-header.js';
import screen from '../../../components/ui/screen/screen.module.css';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { SignedInOnly } from '../../../lib/auth/signed-in-only.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import { formatElapsed } from '../../../lib/format-time.js';
import { usePracticeStudies } from '../api/get-practice-studies.js';
import { drawPracticeQuestions, usePracticePool } from '../api/draw-practice-questions.js';
import { savePracticeResult } from '../api/save-practice-result.js';
import styles from './random-practice.module.css';

/** /random-practice (docs/product.md#random-practice): choose a study, set the count, practise, see the result. */
export function RandomPracticePage() {
  return <SignedInOnly>{(user) => <RandomPractice isAdmin={isSiteAdmin(user)} />}</SignedInOnly>;
}

interface Run {
  questions: PracticeQuestion[];
  index: number;
  correct: number;
  startedAt: number;
}

function RandomPractice({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const studies = usePracticeStudies(isAdmin);
  const [study, setStudy] = useState<Study | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const [finished, setFinished] = useState<{ correct: number; total: number; elapsed: number } | null>(null);
  const [lastCount, setLastCount] = useState(RANDOM_PRACTICE_DEFAULT_COUNT);

  const start = async (count: number) => {
    if (!study) return;
    setLastCount(count);
    try {
      const drawn = await drawPracticeQuestions(study.id, count);
      if (drawn.questions.length === 0) return void window.alert(t('randomPractice.noQuestions'));
      setFinished(null);
      setRun({ questions: drawn.questions, index: 0, correct: 0, startedAt: Date.now() });
    } catch {
      window.alert(t('randomPractice.startFailed'));
    }
  };

  const finish = (state: Run) => {
    const elapsed = Math.round((Date.now() - state.startedAt) / 1000);
    const total = state.questions.length;
    setFinished({ correct: state.correct, total, elapsed });
    setRun(null);
    // docs/product.md#errors: a failed save is only logged.
    if (study)
      savePracticeResult({
        study_id: study.id,
        correct_count: state.correct,
        total_questions: total,
        elapsed_seconds: elapsed,
      }).catch((error: unknown) => console.warn(error));
  };

  return (
    <div className={screen.page} data-testid="random-practice-page">
      <div className={page.container}>
        <ScreenHeader
          title={t('randomPractice.title')}
          subtitle={study ? (study.display_title ?? '') : t('randomPractice.subtitle')}
        />
        {!study && <StudyGrid studies={studies.data?.results ?? null} failed={!!studies.error} onSelect={setStudy} />}
        {study && !run && (
          <Settings study={study} onStart={(count) => void start(count)} onBack={() => setStudy(null)} />
        )}
        {run && <QuestionView run={run} onNext={setRun} onEnd={finish} />}
        <Modal
          open={!!finished}
          title={t('randomPractice.result.title')}
          onClose={() => setFinished(null)}
          closeLabel={t('randomPractice.result.close')}
          testId="practice-result"
        >
          {finished && (
            <div className={styles.panel}>
              <strong data-testid="practice-score">
                {t('randomPractice.result.score', { correct: finished.correct, total: finished.total })}
              </strong>
              <span>
                {t('randomPractice.result.accuracy', {
                  value: practiceAccuracy(finished.correct, finished.total).toFixed(1),
                })}
              </span>
              <span>{t('randomPractice.result.elapsed', { time: formatElapsed(finished.elapsed) })}</span>
              <div className={styles.row}>
                <button
                  type="button"
                  className={`${button.button} ${button.secondary}`}
                  onClick={() => setFinished(null)}
                >
                  {t('randomPractice.result.close')}
                </button>
                <button
                  type="button"
                  className={`${button.button} ${button.primary}`}
                  onClick={() => void start(lastCount)}
                  data-testid="practice-restart"
                >
                  {t('randomPractice.result.restart')}
                </button>
              </div>
            </div>
          )}
        </Modal>
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
      {goal && <p className={styles.muted}>{goal}</p>}
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

function QuestionView({ run, onNext, onEnd }: { run: Run; onNext(run: Run): void; onEnd(run: Run): void }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState('');
  const [showAnswer, setShowAnswer] = useState(false);
  const [verdict, setVerdict] = useState<boolean | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const question = run.questions[run.index]!;

  useEffect(() => {
    const timer = setInterval(() => setElapsed(Math.round((Date.now() - run.startedAt) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [run.startedAt]);

  const advance = (correct: boolean) => {
    const next = { ...run, correct: run.correct + (correct ? 1 : 0), index: run.index + 1 };
    setAnswer('');
    setShowAnswer(false);
    setVerdict(null);
    if (next.index >= run.questions.length) onEnd(next);
    else onNext(next);
    input.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // docs/product.md#random-practice: blank answers are ignored.
    if (!answer.trim()) return;
    const correct = isAnswerCorrect(answer, question.answer, question.content);
    setVerdict(correct);
    setTimeout(() => advance(correct), 600);
  };

  return (
    <section className={styles.panel} data-testid="practice-question">
      <div className={styles.spread}>
        <strong data-testid="practice-counter">
          {t('randomPractice.question.counter', { n: run.index + 1, total: run.questions.length })}
        </strong>
        <span>{t('randomPractice.question.elapsed', { time: formatElapsed(elapsed) })}</span>
      </div>
      <span className={styles.muted}>{question.exam_title}</span>
      {question.title && <h2 className={styles.cardTitle}>{question.title}</h2>}
      <p className={styles.content}>{question.content}</p>
      {showAnswer && (
        <p className={styles.answer} data-testid="practice-answer">
          {t('randomPractice.question.answer', { answer: question.answer })}
        </p>
      )}
      {verdict !== null && (
        <p role="status">{verdict ? t('randomPractice.question.correct') : t('randomPractice.question.wrong')}</p>
      )}
      <form className={styles.row} onSubmit={submit}>
        <input
          ref={input}
          className={styles.input}
          aria-label={t('randomPractice.question.answerLabel')}
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          autoFocus
          data-testid="practice-input"
        />
        <button type="submit" className={`${button.button} ${button.primary}`} disabled={verdict !== null}>
          {t('randomPractice.question.submit')}
        </button>
      </form>
      <div className={styles.row}>
        <button
          type="button"
          className={`${button.button} ${button.secondary}`}
          onClick={() => setShowAnswer((v) => !v)}
          data-testid="practice-toggle-answer"
        >
          {showAnswer ? t('randomPractice.question.hideAnswer') : t('randomPractice.question.showAnswer')}
        </button>
        <button
          type="button"
          className={`${button.button} ${button.secondary}`}
          onClick={() => advance(false)}
          data-testid="practice-skip"
        >
          {t('randomPractice.question.skip')}
        </button>
        <button
          type="button"
          className={`${button.button} ${button.dangerOutline}`}
          onClick={() => onEnd(run)}
          data-testid="practice-end"
        >
          {t('randomPractice.question.end')}
        </button>
      </div>
    </section>
  );
}
