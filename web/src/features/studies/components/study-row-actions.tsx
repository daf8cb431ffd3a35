import { useTranslation } from 'react-i18next';
import type { Study } from '#shared/contracts/studies.js';
import button from '../../../components/ui/button/button.module.css';
import type { StudyRelation } from '../hooks/use-study-relations.js';

export interface StudyRowHandlers {
  relationOf(study: Study): StudyRelation;
  onJoin(study: Study): void;
  onCancelRequest(study: Study): void;
  onDelete(study: Study): void;
  busy: boolean;
}

/**
 * docs/product.md#roles: join shows on a public study the caller is not a member of and has no pending
 * request for (anonymous callers too: it leads to /login); cancel shows with a pending request;
 * delete for those allowed to delete.
 */
export function StudyRowActions({
  study,
  relationOf,
  onJoin,
  onCancelRequest,
  onDelete,
  busy,
}: { study: Study } & StudyRowHandlers) {
  const { t } = useTranslation();
  const relation = relationOf(study);
  const canJoin = study.is_public === true && !relation.isMember && !relation.pendingRequest;
  return (
    <>
      {canJoin && (
        <button
          type="button"
          className={`${button.button} ${button.primary} ${button.small}`}
          disabled={busy}
          onClick={() => onJoin(study)}
          data-testid="study-join"
        >
          {t('studies.actions.join')}
        </button>
      )}
      {relation.pendingRequest && (
        <button
          type="button"
          className={`${button.button} ${button.secondary} ${button.small}`}
          disabled={busy}
          onClick={() => onCancelRequest(study)}
          data-testid="study-cancel-request"
        >
          {t('studies.actions.cancelRequest')}
        </button>
      )}
      {relation.canDelete && (
        <button
          type="button"
          className={`${button.button} ${button.dangerOutline} ${button.small}`}
          disabled={busy}
          onClick={() => onDelete(study)}
          data-testid="study-delete"
        >
          {t('studies.actions.delete')}
        </button>
      )}
    </>
  );
}
