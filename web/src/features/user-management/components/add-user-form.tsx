import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES } from '#shared/domain/accounts.js';
import { LIMITS } from '#shared/domain/limits.js';
import { ROLES, type Role } from '#shared/domain/roles.js';
import button from '../../../components/ui/button/button.module.css';
import { Card } from '../../../components/ui/card/card.js';
import form from '../../../components/ui/form/form.module.css';
import { TextField } from '../../../components/ui/form/text-field.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { createUser } from '../api/create-user.js';

const TOAST_MS = LIMITS.toastMs.userManagement;
const EMPTY = { name: '', username: '', email: '', password: '', role: 'user_role' as Role };

/** Add user: save stays disabled until a username and a password are given (docs/product.md#user-management). */
export function AddUserForm({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const roleId = useId();
  const [values, setValues] = useState(EMPTY);
  const [pending, setPending] = useState(false);
  const ready = values.username.trim() !== '' && values.password !== '';

  const set = (field: 'name' | 'username' | 'email' | 'password') => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setPending(true);
    try {
      const answer = await createUser({
        username: values.username.trim(),
        password: values.password,
        first_name: values.name.trim() || undefined,
        email: values.email.trim() || undefined,
        role: values.role,
        language: currentLanguage(),
      });
      toast.success(answer.detail || t('userManagement.add.created'), TOAST_MS);
      setValues(EMPTY);
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('userManagement.add.failed')), TOAST_MS);
    } finally {
      setPending(false);
    }
  };

  return (
    <Card title={t('userManagement.add.title')} description={t('userManagement.add.required')} testId="add-user-form">
      <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className={form.grid}>
          <TextField
            label={t('userManagement.add.username')}
            name="new-username"
            autoComplete="off"
            value={values.username}
            onChange={set('username')}
            required
          />
          <TextField
            label={t('userManagement.add.name')}
            name="new-name"
            autoComplete="off"
            value={values.name}
            onChange={set('name')}
          />
          <TextField
            label={t('userManagement.add.email')}
            name="new-email"
            type="email"
            autoComplete="off"
            value={values.email}
            onChange={set('email')}
          />
          <TextField
            label={t('userManagement.add.password')}
            name="new-password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            hint={t('userManagement.password.hint', { min: PASSWORD_RULES.min })}
            required
          />
          <div className={form.field}>
            <label className={form.label} htmlFor={roleId}>
              {t('userManagement.add.role')}
            </label>
            <select
              id={roleId}
              className={form.select}
              value={values.role}
              onChange={(event) => setValues((current) => ({ ...current, role: event.target.value as Role }))}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`userManagement.roles.${role}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className={form.actions}>
          <button type="submit" className={`${button.button} ${button.primary}`} disabled={!ready || pending}>
            {pending ? t('userManagement.add.saving') : t('userManagement.add.save')}
          </button>
          <button type="button" className={`${button.button} ${button.secondary}`} onClick={onClose}>
            {t('userManagement.add.cancel')}
          </button>
        </div>
      </form>
    </Card>
  );
}
