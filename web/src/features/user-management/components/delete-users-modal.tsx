import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserAnswer } from '#shared/contracts/users.js';
import { LIMITS } from '#shared/domain/limits.js';
import { TypedConfirmModal } from '../../../components/ui/modal/typed-confirm-modal.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { ApiError } from '../../../lib/api-client.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { deleteUsers } from '../api/delete-user.js';

const TOAST_MS = LIMITS.toastMs.userManagement;

interface Props {
  open: boolean;
  users: UserAnswer[];
  onClose(): void;
  onDone(): void;
}

/**
 * Delete selected (docs/product.md#user-management): the typed text must equal the translated placeholder; deletes
 * run one by one and successes and failures are reported separately.
 */
export function DeleteUsersModal({ open, users, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const word = t('userManagement.delete.placeholder');

  const reason = (error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return t('userManagement.delete.notFound');
    return serverDetailOr(error, t, t('userManagement.delete.error'));
  };

  const confirm = async () => {
    if (users.length === 0) {
      toast.warning(t('userManagement.delete.noneSelected'), TOAST_MS);
      return;
    }
    setPending(true);
    try {
      const outcome = await deleteUsers(users);
      if (outcome.deleted.length > 0)
        toast.success(t('userManagement.delete.succeeded', { count: outcome.deleted.length }), TOAST_MS);
      if (outcome.failed.length > 0) {
        const lines = outcome.failed.map(({ user, error }) =>
          t('userManagement.delete.failedLine', { username: user.username, reason: reason(error) }),
        );
        toast.error(
          [t('userManagement.delete.failedHeader', { count: outcome.failed.length }), ...lines].join('\n'),
          TOAST_MS,
        );
      }
      onDone();
    } catch {
      toast.error(t('userManagement.delete.bulkError'), TOAST_MS);
    } finally {
      setPending(false);
    }
  };

  return (
    <TypedConfirmModal
      open={open}
      testId="delete-users-modal"
      title={t('userManagement.delete.title')}
      word={word}
      placeholder={word}
      inputLabel={t('userManagement.delete.inputLabel', { word })}
      confirmLabel={pending ? t('userManagement.delete.deleting') : t('userManagement.delete.confirm')}
      cancelLabel={t('userManagement.delete.cancel')}
      closeLabel={t('app.close')}
      pending={pending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <p>{t('userManagement.delete.body', { count: users.length })}</p>
    </TypedConfirmModal>
  );
}
