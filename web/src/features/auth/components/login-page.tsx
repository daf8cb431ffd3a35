import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { TextField } from '../../../components/ui/form/text-field.js';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { refreshCsrfToken } from '../../../lib/csrf.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { login } from '../../../lib/auth/api/login.js';
import { useGoogleRedirectReturn } from '../hooks/use-google-redirect-return.js';
import { safeReturnPath } from '../../../lib/auth/safe-return-path.js';
import { AuthCard } from './auth-card.js';
import { GoogleSignInButton } from './google-sign-in-button.js';

interface FieldErrors {
  username?: string;
  password?: string;
}

/** Login (docs/product.md#accounts): username and password, Google, a link to sign up; returnTo honoured. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'));
  const googlePending = useGoogleRedirectReturn();

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // docs/product.md#accounts: the screen asks for a CSRF token when it opens.
  useEffect(() => {
    void refreshCsrfToken();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!username.trim()) errors.username = t('auth.login.usernameRequired');
    if (!password) errors.password = t('auth.login.passwordRequired');
    setFieldErrors(errors);
    setError(null);
    if (errors.username || errors.password) return;
    setPending(true);
    try {
      await login(username, password);
      navigate(returnTo ?? '/', { replace: true });
    } catch (failure) {
      setError(serverDetailOr(failure, t, t('auth.login.failed')));
      setPending(false);
    }
  };

  if (googlePending) return <Spinner label={t('auth.google.signingIn')} />;

  return (
    <AuthCard
      testId="login-page"
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.noAccount')}
          <Link to="/register">{t('auth.login.registerLink')}</Link>
        </>
      }
    >
      <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('auth.login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          value={username}
          onChange={setUsername}
          error={fieldErrors.username}
          required
          autoFocus
        />
        <TextField
          label={t('auth.login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={fieldErrors.password}
          required
        />
        {error && (
          <p className={form.alert} role="alert" data-testid="login-error">
            {error}
          </p>
        )}
        <button type="submit" className={`${button.button} ${button.primary} ${button.block}`} disabled={pending}>
          {pending ? t('auth.login.submitting') : t('auth.login.submit')}
        </button>
      </form>
      <GoogleSignInButton returnTo={returnTo} />
    </AuthCard>
  );
}
