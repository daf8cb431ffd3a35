import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';
import screen from '../../../components/ui/screen/screen.module.css';
import { onExamOutbox, startExamOutbox } from '../../../lib/offline/exam-outbox-sender.js';
import { existingOfflineDb } from '../../../lib/offline/offline-db.js';
import styles from './take-exam.module.css';

type SyncState = { kind: 'waiting' } | { kind: 'synced'; resultId?: string } | { kind: 'refused' };

/** Whether the sitting is still in the outbox; the sender says when it left, and with which result. */
function useSyncState(userId: string, submissionId: string): SyncState {
  const [state, setState] = useState<SyncState>({ kind: 'waiting' });
  useEffect(() => {
    let gone = false;
    // The sender at once, not after the layout's start-up delay: this screen is waiting for it.
    void startExamOutbox(userId);
    void existingOfflineDb(userId).then(async (db) => {
      if (!db) return;
      const queued = await db.get('exam_outbox', submissionId);
      db.close();
      // Gone from the outbox before this screen was open (a reload after the sync): recorded.
      if (!gone && !queued) setState((current) => (current.kind === 'waiting' ? { kind: 'synced' } : current));
    });
    const stop = onExamOutbox((sent) => {
      const mine = sent.find((sitting) => sitting.submission_id === submissionId);
      if (!mine) return;
      setState(mine.refused ? { kind: 'refused' } : { kind: 'synced', resultId: mine.result_id });
    });
    return () => {
      gone = true;
      stop();
    };
  }, [userId, submissionId]);
  return state;
}

/** "Waiting to sync" on the summary of a sitting taken offline, then "synced" with the link to its result. */
export function OfflineSyncStatus({ userId, submissionId }: { userId: string; submissionId: string }) {
  const { t } = useTranslation();
  const state = useSyncState(userId, submissionId);
  return (
    <div
      className={`${screen.notice} ${styles.syncNotice}`}
      role="status"
      data-testid="summary-sync"
      data-state={state.kind}
    >
      {state.kind === 'waiting' && t('takeExam.offline.waitingSync')}
      {state.kind === 'refused' && t('takeExam.offline.refused')}
      {state.kind === 'synced' && (
        <>
          {t('takeExam.offline.synced')}{' '}
          {state.resultId && (
            <Link
              to={`/results/${encodeURIComponent(state.resultId)}`}
              className={`${button.button} ${button.ghost} ${button.small}`}
              data-testid="summary-synced-result"
            >
              {t('takeExam.summary.viewResult')}
            </Link>
          )}
        </>
      )}
    </div>
  );
}
