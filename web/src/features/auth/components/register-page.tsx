import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PASSWORD_RULES } from '#shared/domain/accounts.js';
import { LIMITS } from '#shared/domain/limits.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { TextField } from '../../../components/ui/form/text-field.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { register } from '../api/register.js';
import { completeSignIn } from '../../../lib/auth/sign-in.js';
import { displayName } from '../../../lib/auth/auth-user.js';
import { AuthCard } from './auth-card.js';
import { GoogleSignInButton } from './google-sign-in-button.js';

/** docs/product.md#limits: home after 1.5 s when signed in at once, else the login screen after 2 s. */
const AUTO_LOGIN_REDIRECT_MS = 1500;

type Field = 'id' | 'name' | 'email' | 'affiliation' | 'location' | 'password' | 'passwordConfirm';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { id: '', name: '', email: '', affiliation: '', location: '', password: '', passwordConfirm: '' };

/** Registration (docs/product.md#accounts). */
export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const validate = (): Errors => {
    const found: Errors = {};
    if (!values.id.trim()) found.id = t('auth.register.idRequired');
    if (!values.name.trim()) found.name = t('auth.register.nameRequired');
    if (!values.password) found.password = t('auth.register.passwordRequired');
    else if (values.password.length < PASSWORD_RULES.min)
      found.password = t('auth.register.passwordTooShort', { min: PASSWORD_RULES.min });
    if (!values.passwordConfirm) found.passwordConfirm = t('auth.register.passwordConfirmRequired');
    else if (values.password && values.password !== values.passwordConfirm)
      found.passwordConfirm = t('auth.register.passwordMismatch');
    return found;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setError(null);
    const first = Object.values(found)[0];
    if (first) {
      // docs/product.md#accounts: errors show inline and as a toast.
      toast.error(first, LIMITS.toastMs.register);
      return;
    }
    setPending(true);
    try {
      const answer = await register({ ...values, language: currentLanguage() });
      if (answer.success && answer.auto_login && answer.user) {
        completeSignIn(answer.user);
        toast.success(
          t('auth.register.welcome', { name: displayName(answer.user, i18n.language) }),
          LIMITS.toastMs.register,
        );
        timer.current = setTimeout(() => navigate('/', { replace: true }), AUTO_LOGIN_REDIRECT_MS);
      } else {
        toast.success(t('auth.register.completed'), LIMITS.toastMs.register);
        timer.current = setTimeout(() => navigate('/login', { replace: true }), LIMITS.redirectDelayMs);
      }
    } catch (failure) {
      const message = serverDetailOr(failure, t, t('auth.register.failed'));
      setError(message);
      toast.error(message, LIMITS.toastMs.register);
      setPending(false);
    }
  };

  const optional = t('auth.optional');
  return (
    <AuthCard
      testId="register-page"
      wide
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.haveAccount')}
          <Link to="/login">{t('auth.register.loginLink')}</Link>
        </>
      }
    >
      <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className={form.grid}>
          <TextField
            label={t('auth.register.id')}
            name="id"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            value={values.id}
            onChange={set('id')}
            hint={t('auth.register.idHint')}
            error={errors.id}
            required
            autoFocus
          />
          <TextField
            label={t('auth.register.name')}
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={set('name')}
            error={errors.name}
            required
          />
        </div>
        <TextField
          label={t('auth.register.email')}
          optionalLabel={optional}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          hint={t('auth.register.emailHint')}
          error={errors.email}
        />
        <div className={form.grid}>
          <TextField
            label={t('auth.register.affiliation')}
            optionalLabel={optional}
            name="affiliation"
            autoComplete="organization"
            value={values.affiliation}
            onChange={set('affiliation')}
          />
          <TextField
            label={t('auth.register.location')}
            optionalLabel={optional}
            name="location"
            autoComplete="address-level2"
            value={values.location}
            onChange={set('location')}
          />
        </div>
        <div className={form.grid}>
          <TextField
            label={t('auth.register.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            hint={t('auth.register.passwordHint', { min: PASSWORD_RULES.min })}
            error={errors.password}
            required
          />
          <TextField
            label={t('auth.register.passwordConfirm')}
            name="passwordConfirm"
            type="password"
            autoComplete="new-password"
            value={values.passwordConfirm}
            onChange={set('passwordConfirm')}
            error={errors.passwordConfirm}
            required
          />
        </div>
        {error && (
          <p className={form.alert} role="alert" data-testid="register-error">
            {error}
          </p>
        )}
        <button type="submit" className={`${button.button} ${button.primary} ${button.block}`} disabled={pending}>
          {pending ? t('auth.register.submitting') : t('auth.register.submit')}
        </button>
      </form>
      <GoogleSignInButton returnTo={null} />
    </AuthCard>
  );
}
