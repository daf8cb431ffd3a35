import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CONFIRM_WORDS, LIMITS } from '#shared/domain/limits.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import { TypedConfirmModal } from '../../../components/ui/modal/typed-confirm-modal.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { LOCAL_KEYS, localStore, sessionStore } from '../../../lib/storage.js';
import { setAuthUser } from '../../../lib/auth/auth-store.js';
import { deleteMyAccount } from '../api/delete-my-account.js';

/**
 * Account withdrawal behind a WITHDRAW confirmation (docs/product.md#profile): a toast, then after 2 s the
 * stored user and session storage go and the user lands on /login.
 */
export function WithdrawalSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const confirm = async () => {
    setPending(true);
    try {
      const answer = await deleteMyAccount();
      setOpen(false);
      toast.success(answer.message || t('profile.withdrawal.done'));
      timer.current = setTimeout(() => {
        // The account is gone: no late status announcement may bring it back.
        localStore.set(LOCAL_KEYS.logoutFlag, 'true');
        setAuthUser(null);
        sessionStore.clear();
        navigate('/login', { replace: true });
      }, LIMITS.redirectDelayMs);
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('profile.withdrawal.failed')));
      setPending(false);
    }
  };

  return (
    <Card
      id="profile-withdrawal"
      testId="profile-withdrawal"
      tone="danger"
      title={t('profile.withdrawal.title')}
      description={t('profile.withdrawal.description')}
    >
      <button
        type="button"
        className={`${button.button} ${button.danger}`}
        onClick={() => setOpen(true)}
        disabled={pending}
      >
        {t('profile.withdrawal.button')}
      </button>
      <TypedConfirmModal
        open={open}
        testId="withdrawal-modal"
        title={t('profile.withdrawal.modalTitle')}
        word={CONFIRM_WORDS.withdraw}
        inputLabel={t('profile.withdrawal.inputLabel')}
        confirmLabel={t('profile.withdrawal.confirm')}
        cancelLabel={t('profile.cancel')}
        closeLabel={t('app.close')}
        pending={pending}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        <p>{t('profile.withdrawal.modalBody', { word: CONFIRM_WORDS.withdraw })}</p>
      </TypedConfirmModal>
    </Card>
  );
}
