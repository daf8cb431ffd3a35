import type { TranslationShape } from '../../../lib/translation-shape.js';
import type ko from './ko.js';

const en = {
  title: 'Email verification',
  loading: 'Verifying your email address...',
  successTitle: 'Email verified',
  success: 'Your email address has been verified.',
  errorTitle: 'Your email could not be verified',
  error: 'Something went wrong while verifying. Please try again shortly.',
  tokenMissing: 'The verification link has no token. Please open the link from the email again.',
  retry: 'Send a new verification email',
  retrying: 'Sending...',
  retrySent: 'A new verification email is on its way. Please check your inbox.',
  retryFailed: 'The verification email could not be sent.',
  toProfile: 'Go to profile',
  toHome: 'Go to home',
} satisfies TranslationShape<typeof ko>;

export default en;
