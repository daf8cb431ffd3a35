import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { serverDetailOr } from '../../../lib/error-text.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { googleSignIn } from '../api/google-sign-in.js';
import { classifySocialError } from '../utils/google-oauth.js';
import { takeGoogleRedirectAnswer } from '../utils/google-redirect.js';

/**
 * The login screen is Google's redirect target: when it opens with Google's answer in the
 * fragment, the ID token is posted to the server and the user goes on to the state's return
 * path (docs/product.md#accounts). Answers whether that sign-in is in progress.
 */
export function useGoogleRedirectReturn(): boolean {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const answer = takeGoogleRedirectAnswer();
    if (!answer) return;
    if (answer.kind === 'error') {
      toast.error(t(`auth.google.errors.${classifySocialError(answer.message)}`));
      return;
    }
    if (answer.kind === 'invalid-state') {
      toast.error(t('auth.google.stateInvalid'));
      return;
    }
    setPending(true);
    googleSignIn(answer.idToken, answer.state.nonce, currentLanguage())
      .then((result) => {
        toast.success(result.message || t('auth.google.success'));
        navigate(answer.state.returnTo, { replace: true });
      })
      .catch((error: unknown) => {
        toast.error(serverDetailOr(error, t, t('auth.google.errors.general')));
        setPending(false);
      });
    // Runs once per page load: the answer is consumed by takeGoogleRedirectAnswer.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page load, by design (the answer is single-use)
  }, []);

  return pending;
}
