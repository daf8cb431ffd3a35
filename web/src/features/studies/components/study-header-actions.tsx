import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';

interface StudyHeaderActionsProps {
  canJoin: boolean;
  pendingRequest: boolean;
  canLeave: boolean;
  /** A join or cancel call is under way. */
  joinPending: boolean;
  onJoin(): void;
  onCancelRequest(): void;
  onLeave(): void;
}

/** The study detail header's buttons: back to the list, then join, cancel the request, or leave. */
export function StudyHeaderActions({
  canJoin,
  pendingRequest,
  canLeave,
  joinPending,
  onJoin,
  onCancelRequest,
  onLeave,
}: StudyHeaderActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/study-management" className={`${button.button} ${button.secondary}`}>
        {t('studies.detail.back')}
      </Link>
      {canJoin && (
        <button
          type="button"
          className={`${button.button} ${button.primary}`}
          disabled={joinPending}
          onClick={onJoin}
          data-testid="study-join"
        >
          {t('studies.actions.join')}
        </button>
      )}
      {pendingRequest && (
        <button
          type="button"
          className={`${button.button} ${button.secondary}`}
          disabled={joinPending}
          onClick={onCancelRequest}
          data-testid="study-cancel-request"
        >
          {t('studies.actions.cancelRequest')}
        </button>
      )}
      {canLeave && (
        <button
          type="button"
          className={`${button.button} ${button.dangerOutline}`}
          onClick={onLeave}
          data-testid="study-leave"
        >
          {t('studies.actions.leave')}
        </button>
      )}
    </>
  );
}
