import { VOICE } from './voice-constants.js';

export type SpeechErrorAction =
  | { kind: 'ignore' }
  | { kind: 'stop'; message: 'permissionDenied' | 'networkFailed' }
  | { kind: 'restart'; delayMs: number; networkRetry: boolean };

/**
 * docs/product.md#errors for SpeechRecognition errors: aborted and no-speech are ignored; not-allowed and
 * service-not-allowed stop listening (permission message); network is retried up to 3 times
 * 1.5 s apart, then listening stops; any other error restarts listening after 5 s.
 * `networkRetriesSoFar` counts the network retries since listening last worked.
 */
export function speechErrorAction(error: string, networkRetriesSoFar: number): SpeechErrorAction {
  switch (error) {
    case 'aborted':
    case 'no-speech':
      return { kind: 'ignore' };
    case 'not-allowed':
    case 'service-not-allowed':
      return { kind: 'stop', message: 'permissionDenied' };
    case 'network':
      return networkRetriesSoFar < VOICE.networkRetries
        ? { kind: 'restart', delayMs: VOICE.networkRetryDelayMs, networkRetry: true }
        : { kind: 'stop', message: 'networkFailed' };
    default:
      return { kind: 'restart', delayMs: VOICE.restartDelayMs, networkRetry: false };
  }
}

/**
 * The evaluation call is tried again (1.5 s later, at most 3 attempts in all) when it failed
 * on the way — no answer (status 0), a timeout, or a server error — not when the server refused
 * the request (4xx): that would fail the same way again.
 */
export function shouldRetryEvaluation(status: number | undefined, attempt: number): boolean {
  if (attempt >= VOICE.evaluationAttempts) return false;
  if (status === undefined || status === 0) return true;
  return status === 408 || status === 429 || status >= 500;
}

/** Delay before the next evaluation attempt. */
export function evaluationRetryDelay(): number {
  return VOICE.evaluationRetryDelayMs;
}
