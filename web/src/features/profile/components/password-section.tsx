import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PASSWORD_RULES } from '#shared/domain/accounts.js';
import { LIMITS } from '#shared/domain/limits.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import form from '../../../components/ui/form/form.module.css';
import { TextField } from '../../../components/ui/form/text-field.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { changeOwnPassword } from '../../../lib/auth/api/change-password.js';
import { login } from '../../../lib/auth/api/login.js';
import { logout } from '../../../lib/auth/api/logout.js';
import type { AuthUser } from '../../../lib/auth/auth-user.js';
import { passwordMatch } from '../utils/password-match.js';

const EMPTY = { current: '', next: '', confirm: '' };

/**
 * Change password (docs/product.md#profile): current, new and confirmation with a live match indicator;
 * afterwards the user is signed in again with the new password, or asked to log in again.
 */
export function PasswordSection({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY);
  const [tooShort, setTooShort] = useState(false);
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const match = passwordMatch(values.next, values.confirm);
  const set = (field: keyof typeof EMPTY) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'next') setTooShort(false);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.current || !values.next || !values.confirm) {
      toast.error(t('profile.password.required'));
      return;
    }
    if (values.next !== values.confirm) {
      toast.error(t('profile.password.mismatch'));
      return;
    }
    if (values.next.length < PASSWORD_RULES.min) {
      setTooShort(true);
      return;
    }
    setPending(true);
    try {
      await changeOwnPassword(String(user.id ?? ''), values.current, values.next);
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('profile.password.failed')));
      setPending(false);
      return;
    }
    try {
      await login(user.username, values.next);
      setValues(EMPTY);
      toast.success(t('profile.password.changed'));
      setPending(false);
    } catch {
      toast.warning(t('profile.password.reloginFailed'));
      timer.current = setTimeout(() => {
        void logout().then(() => navigate('/login'));
      }, LIMITS.redirectDelayMs);
    }
  };

  return (
    <Card
      id="profile-password"
      testId="profile-password"
      title={t('profile.password.title')}
      description={t('profile.password.description')}
    >
      <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        {/* Lets password managers tie the new password to this account. */}
        <input type="text" name="username" value={user.username} autoComplete="username" readOnly hidden />
        <TextField
          label={t('profile.password.current')}
          name="current_password"
          type="password"
          autoComplete="current-password"
          value={values.current}
          onChange={set('current')}
        />
        <div className={form.grid}>
          <TextField
            label={t('profile.password.new')}
            name="new_password"
            type="password"
            autoComplete="new-password"
            value={values.next}
            onChange={set('next')}
            hint={t('profile.password.hint', { min: PASSWORD_RULES.min })}
            error={tooShort ? t('profile.password.tooShort', { min: PASSWORD_RULES.min }) : null}
          />
          <div className={form.field}>
            <TextField
              label={t('profile.password.confirm')}
              name="confirm_password"
              type="password"
              autoComplete="new-password"
              value={values.confirm}
              onChange={set('confirm')}
            />
            {match !== 'empty' && (
              <p
                className={match === 'match' ? form.success : form.error}
                aria-live="polite"
                data-testid="password-match"
              >
                {match === 'match' ? `✓ ${t('profile.password.match')}` : t('profile.password.mismatch')}
              </p>
            )}
          </div>
        </div>
        <div className={form.actions}>
          <button type="submit" className={`${button.button} ${button.primary}`} disabled={pending}>
            {pending ? t('profile.password.submitting') : t('profile.password.submit')}
          </button>
        </div>
      </form>
    </Card>
  );
}
