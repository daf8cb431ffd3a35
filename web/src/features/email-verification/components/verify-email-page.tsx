import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner/spinner.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { useAuth } from '../../../lib/auth/use-auth.js';
import { patchStoredUser } from '../../../lib/auth/sign-in.js';
import { loginPathFor } from '../../../lib/auth/safe-return-path.js';
import { sendEmailVerification } from '../../../lib/auth/api/send-email-verification.js';
import { StatusPage, statusPageStyles as styles } from '../../../components/ui/status-page/status-page.js';
import { verifyEmail } from '../api/verify-email.js';
import { isExpiredLinkError } from '../utils/expired-link.js';

type State =
  { kind: 'loading' } | { kind: 'success'; message: string } | { kind: 'error'; message: string; expired: boolean };

/** Email verification (docs/product.md#email-verification): loading, success, or an error with a retry when the link expired. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { token } = useParams();
  const [state, setState] = useState<State>(
    token ? { kind: 'loading' } : { kind: 'error', message: t('emailVerification.tokenMissing'), expired: false },
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    verifyEmail(token).then(
      (answer) => {
        patchStoredUser({ email_verified: true });
        if (current) setState({ kind: 'success', message: answer.message || t('emailVerification.success') });
      },
      (error: unknown) => {
        if (current)
          setState({
            kind: 'error',
            message: serverDetailOr(error, t, t('emailVerification.error')),
            expired: isExpiredLinkError(error),
          });
      },
    );
    return () => {
      current = false;
    };
  }, [token, t]);

  if (state.kind === 'loading') {
    return (
      <div data-testid="verify-email-loading">
        <Spinner label={t('emailVerification.loading')} />
      </div>
    );
  }

  if (state.kind === 'success') {
    return (
      <StatusPage
        testId="verify-email-success"
        title={t('emailVerification.successTitle')}
        description={state.message}
        icon={
          <svg viewBox="0 0 24 24">
            <circle cx="12" cy="12" r="9" />
            <path d="M8 12.5l3 3 5-6" />
          </svg>
        }
        actions={
          <>
            <Link to="/profile" className={styles.primary}>
              {t('emailVerification.toProfile')}
            </Link>
            <Link to="/" className={styles.secondary}>
              {t('emailVerification.toHome')}
            </Link>
          </>
        }
      />
    );
  }

  const { expired } = state;
  return (
    <StatusPage
      testId="verify-email-error"
      title={t('emailVerification.errorTitle')}
      description={state.message}
      icon={
        <svg viewBox="0 0 24 24">
          <path d="M4 6h16v12H4z" />
          <path d="M4 7l8 6 8-6" />
          <path d="M17 15l4 4M21 15l-4 4" />
        </svg>
      }
      actions={
        <>
          {expired && <ResendButton />}
          <Link to="/profile" className={expired ? styles.secondary : styles.primary}>
            {t('emailVerification.toProfile')}
          </Link>
        </>
      }
    />
  );
}

/** Retry for an expired link: a new mail when signed in, else sign in first and come back to the profile. */
function ResendButton() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const [pending, setPending] = useState(false);

  const onClick = async () => {
    if (!isAuthenticated) {
      navigate(loginPathFor('/profile'));
      return;
    }
    setPending(true);
    try {
      const answer = await sendEmailVerification();
      toast.success(answer.message || t('emailVerification.retrySent'));
    } catch (error) {
      toast.error(serverDetailOr(error, t, t('emailVerification.retryFailed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <button
      type="button"
      className={styles.primary}
      onClick={() => void onClick()}
      disabled={pending}
      data-testid="verify-email-retry"
    >
      {pending ? t('emailVerification.retrying') : t('emailVerification.retry')}
    </button>
  );
}
