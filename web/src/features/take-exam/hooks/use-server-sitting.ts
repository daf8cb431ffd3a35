import type { SessionAction, SessionRecord } from '../utils/session-record.js';
import { useSittingEnds } from './use-sitting-ends.js';
import { useSittingRead } from './use-sitting-read.js';
import { useSittingRefs } from './use-sitting-refs.js';
import { useSittingTriggers } from './use-sitting-triggers.js';
import { useSittingWrite } from './use-sitting-write.js';

interface ServerSittingInput {
  examId: string;
  record: SessionRecord;
  dispatch: (action: SessionAction) => void;
  /** Signed in and taking the whole exam (a selection or a single question stays in this tab). */
  enabled: boolean;
  /** restart=true: the server's sitting is replaced, not taken over. */
  restart: boolean;
  /** Ask "continue or start over" when the exam opens on an unfinished sitting (D296). */
  offer: boolean;
}

/**
 * Resume anywhere: the sitting is kept on the server, so another tab or device
 * continues where the learner stopped. Read when the exam opens and when the tab comes back to the
 * front (merged, utils/sitting-merge); written shortly after each change with the version it was
 * read at; another tab's write in between is merged by the server (D294) and shown here with a
 * polite notice. Nothing the learner answered is dropped: a busy or failed write is written again.
 */
export function useServerSitting({ examId, record, dispatch, enabled, restart, offer }: ServerSittingInput) {
  const refs = useSittingRefs(record);
  const { apply, adopt, pull, offered, dismissOffer } = useSittingRead({ examId, dispatch, refs, restart, offer });
  const push = useSittingWrite({ examId, enabled, refs, apply, adopt, pull });
  useSittingTriggers({ examId, record, enabled, restart, refs, pull, push });
  const { catchUp, finish, startOver } = useSittingEnds({ examId, enabled, refs, pull });
  return { catchUp, finish, startOver, enabled, offered, dismissOffer };
}
