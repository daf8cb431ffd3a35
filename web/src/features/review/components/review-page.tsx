import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';
import pageStyles from '../../../components/ui/page/page.module.css';
import screen from '../../../components/ui/screen/screen.module.css';
import { SignedInOnly } from '../../../lib/auth/signed-in-only.js';
import { ShortcutsHelp } from '../../take-exam/index.js';
import type { ReviewFilter } from '../api/get-review-queue.js';
import { useReviewKeys } from '../hooks/use-review-keys.js';
import { REVIEW_KEYS } from '../utils/review-keys.js';
import { useReviewSession } from '../hooks/use-review-session.js';
import { useOfflineReview, type OfflineReview } from '../hooks/use-offline-review.js';
import { useOfflineSession } from '../hooks/use-offline-session.js';
import type { OfflineDb, OfflineMeta } from '../../../lib/offline/offline-db.js';
import { OfflineBar } from './offline-bar.js';
import { LeechList } from './leech-list.js';
import { ReviewCardView } from './review-card.js';
import { ReviewCounts, type ReviewCountsValue } from './review-counts.js';
import styles from './review.module.css';

/** /review: today's due cards, then new ones, then learning steps; `?exam=` or `?study=` narrows it. */
export function ReviewPage() {
  const [search] = useSearchParams();
  const exam = search.get('exam') ?? undefined;
  const study = search.get('study') ?? undefined;
  const filter: ReviewFilter = exam ? { exam_id: exam } : study ? { study_id: study } : {};
  return (
    <SignedInOnly>
      {(user) => <ReviewScreen key={`${exam}|${study}`} userId={String(user.id ?? user.username)} filter={filter} />}
    </SignedInOnly>
  );
}

function ReviewScreen({ userId, filter }: { userId: string; filter: ReviewFilter }) {
  const offline = useOfflineReview(userId, filter.exam_id);
  const { db, meta } = offline;
  // Offline, or back online with grades still to send: the download serves the screen (the server's
  // queue would show cards graded here again until the outbox is through).
  const fromStore = !!db && !!meta && (!offline.online || offline.pending > 0);
  const bar = <OfflineBar offline={offline} canDownload={!filter.study_id} />;
  // The bar shows at once (the switch off until the store answers), so nothing below it moves.
  if (meta === undefined) return <ReviewFrame filter={filter} bar={bar} body={<Loading />} />;
  return fromStore ? (
    <OfflineReviewScreen filter={filter} offline={offline} db={db} meta={meta} bar={bar} />
  ) : (
    <OnlineReviewScreen userId={userId} filter={filter} bar={bar} />
  );
}

function OnlineReviewScreen({ userId, filter, bar }: { userId: string; filter: ReviewFilter; bar: ReactNode }) {
  const { t } = useTranslation();
  const [helpSignal, setHelpSignal] = useState(0);
  const session = useReviewSession(userId, filter);
  const { read, current, counts, grade, undo, pending, canUndo } = session;
  const openHelp = () => setHelpSignal((n) => n + 1);
  const body =
    read.error && !read.data ? (
      <div className={styles.state} role="alert">
        <p>{read.error.detail || t('review.loadFailed')}</p>
        <button type="button" className={`${button.button} ${button.secondary}`} onClick={() => void read.reload()}>
          {t('review.retry')}
        </button>
      </div>
    ) : !read.data ? (
      <Loading />
    ) : current ? (
      <ReviewCardView
        key={current.question_id}
        card={current}
        flagged={session.flagged(current.question_id)}
        onGrade={grade}
        onUndo={() => void undo()}
        onHelp={openHelp}
        onBury={() => session.bury(current)}
        onSuspend={() => session.suspend(current)}
        onFlag={() => void session.flag(current)}
      />
    ) : (
      <EmptyState nextLearning={read.data.next_learning_due} onUndo={() => void undo()} onHelp={openHelp} />
    );
  return (
    <ReviewFrame
      filter={filter}
      helpSignal={helpSignal}
      undo={{ run: () => void undo(), enabled: canUndo }}
      bar={bar}
      counts={read.data ? counts : null}
      status={
        pending > 0 && (
          <p className={styles.pending} role="status" data-testid="review-pending">
            {t('review.pending', { count: pending })}
          </p>
        )
      }
      body={body}
      leeches
    />
  );
}

interface OfflineScreenProps {
  filter: ReviewFilter;
  offline: OfflineReview;
  db: OfflineDb;
  meta: OfflineMeta;
  bar: ReactNode;
}

/** The screen from the offline store: no undo, bury, suspend, flag or edit (each needs the server). */
function OfflineReviewScreen({ filter, offline, db, meta, bar }: OfflineScreenProps) {
  const [helpSignal, setHelpSignal] = useState(0);
  const session = useOfflineSession(db, meta, offline.revision, offline.graded);
  const openHelp = () => setHelpSignal((n) => n + 1);
  const { current } = session;
  const body = !session.loaded ? (
    <Loading />
  ) : current ? (
    <ReviewCardView
      key={current.question_id}
      card={current}
      flagged={undefined}
      offline
      onGrade={(rating) => session.grade(rating)}
      onUndo={() => undefined}
      onHelp={openHelp}
      onBury={() => Promise.resolve(false)}
      onSuspend={() => Promise.resolve(false)}
      onFlag={() => undefined}
    />
  ) : (
    <EmptyState nextLearning={session.nextLearning} onUndo={() => undefined} onHelp={openHelp} />
  );
  return <ReviewFrame filter={filter} helpSignal={helpSignal} bar={bar} counts={session.counts} body={body} />;
}

interface FrameProps {
  filter: ReviewFilter;
  helpSignal?: number;
  undo?: { run(): void; enabled: boolean };
  bar: ReactNode;
  counts?: ReviewCountsValue | null;
  status?: ReactNode;
  body: ReactNode;
  leeches?: boolean;
}

function ReviewFrame({ filter, helpSignal = 0, undo, bar, counts, status, body, leeches }: FrameProps) {
  const { t } = useTranslation();
  const filtered = !!(filter.exam_id || filter.study_id);
  return (
    <div className={screen.page} data-testid="review-page">
      <div className={`${pageStyles.container} ${styles.page}`}>
        <header className={styles.header}>
          <h1 className={screen.title}>{t('review.title')}</h1>
          <div className={styles.headerActions}>
            <button
              type="button"
              className={`${button.button} ${button.ghost} ${button.small}`}
              onClick={undo?.run}
              disabled={!undo?.enabled}
              aria-keyshortcuts="Z Control+Z"
              data-testid="review-undo"
            >
              {t('review.undo.button')}
            </button>
            <ShortcutsHelp openSignal={helpSignal} keys={REVIEW_KEYS} prefix="review.shortcuts" />
          </div>
        </header>
        {filtered && (
          <p className={styles.filter} data-testid="review-filter">
            {t(filter.exam_id ? 'review.filter.exam' : 'review.filter.study')}{' '}
            <Link to="/review">{t('review.filter.all')}</Link>
          </p>
        )}
        {bar}
        {/* Zeros before the read answers would say "nothing due": the counts wait for the queue. */}
        {counts && <ReviewCounts counts={counts} />}
        {status}
        {body}
        {leeches && <LeechList />}
      </div>
    </div>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <p className={styles.state} role="status">
      {t('review.loading')}
    </p>
  );
}

function EmptyState({ nextLearning, onUndo, onHelp }: { nextLearning: string | null; onUndo(): void; onHelp(): void }) {
  const { t, i18n } = useTranslation();
  // Z and ? work here too: the last card of the day can still be taken back.
  useEmptyKeys(onUndo, onHelp);
  const time = nextLearning
    ? new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(new Date(nextLearning))
    : null;
  return (
    <section className={styles.done} data-testid="review-done">
      <h2 className={styles.sectionTitle}>{t('review.done.title')}</h2>
      <p>{time ? t('review.done.learningLater', { time }) : t('review.done.body')}</p>
      <Link to="/" className={`${button.button} ${button.secondary}`}>
        {t('review.done.home')}
      </Link>
    </section>
  );
}

function useEmptyKeys(onUndo: () => void, onHelp: () => void) {
  useReviewKeys({ phase: 'none', handlers: { undo: onUndo, help: onHelp } });
}
