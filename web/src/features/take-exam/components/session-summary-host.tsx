import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { summaryFromState } from '../utils/session-summary.js';

const SessionSummaryDialog = lazy(async () => ({
  default: (await import('./session-summary-dialog.js')).SessionSummaryDialog,
}));

/**
 * Placed by the layout: End lands on the screen returnTo names and the session summary opens
 * over it (its code loads only then). Closing it drops it from the history entry, so Back and a
 * reload do not bring it again.
 */
export function SessionSummaryHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const summary = summaryFromState(location.state);
  if (!summary) return null;
  const close = () =>
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  return (
    <Suspense fallback={null}>
      <SessionSummaryDialog summary={summary} onClose={close} />
    </Suspense>
  );
}
