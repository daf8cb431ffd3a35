import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserAnswer } from '#shared/contracts/users.js';
import { PASSWORD_RULES } from '#shared/domain/accounts.js';
import { LIMITS } from '#shared/domain/limits.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { Modal } from '../../../components/ui/modal/modal.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { setUserPassword } from '../../../lib/auth/api/change-password.js';

const TOAST_MS = LIMITS.toastMs.userManagement;
/** The server's rule (8 characters, overriding the original client's 6 for admin-set passwords). */
const MIN = PASSWORD_RULES.min;

/** An admin setting another user's password (POST /api/user/{id}/change-password/ {password}). */
export function SetPasswordModal({ user, onClose }: { user: UserAnswer | null; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const formId = useId();
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  useEffect(() => setPassword(''), [user]);
  const tooShort = password.length > 0 && password.length < MIN;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user || password.length < MIN) return;
    setPending(true);
    try {
      await setUserPassword(user.id, password);
      toast.success(t('userManagement.password.changed', { username: user.username }), TOAST_MS);
      onClose();
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('userManagement.password.failed')), TOAST_MS);
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open={user !== null}
      title={user ? t('userManagement.password.title', { username: user.username }) : ''}
      onClose={onClose}
      closeLabel={t('app.close')}
      testId="set-password-modal"
      footer={
        <>
          <button type="button" className={`${button.button} ${button.secondary}`} onClick={onClose}>
            {t('userManagement.password.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className={`${button.button} ${button.primary}`}
            disabled={password.length < MIN || pending}
          >
            {t('userManagement.password.submit')}
          </button>
        </>
      }
    >
      <form id={formId} className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <p>{t('userManagement.password.description')}</p>
        <label className={form.field}>
          <span className={form.label}>{t('userManagement.password.label')}</span>
          <input
            className={form.input}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={tooShort || undefined}
            autoFocus
          />
          <span className={tooShort ? form.error : form.hint}>
            {tooShort
              ? t('userManagement.password.tooShort', { min: MIN })
              : t('userManagement.password.hint', { min: MIN })}
          </span>
        </label>
      </form>
    </Modal>
  );
}
