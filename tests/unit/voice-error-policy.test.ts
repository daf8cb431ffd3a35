import { describe, expect, test } from 'vitest';
import {
  evaluationRetryDelay,
  shouldRetryEvaluation,
  speechErrorAction,
} from '../../web/src/features/voice-mode/utils/error-policy.js';
import { VOICE } from '../../web/src/features/voice-mode/utils/voice-constants.js';

describe('voice error policy (docs/product.md#errors, #limits)', () => {
  test('aborted and no-speech are ignored', () => {
    expect(speechErrorAction('aborted', 0)).toEqual({ kind: 'ignore' });
    expect(speechErrorAction('no-speech', 2)).toEqual({ kind: 'ignore' });
  });

  test('not-allowed and service-not-allowed stop listening with the permission message', () => {
    expect(speechErrorAction('not-allowed', 0)).toEqual({ kind: 'stop', message: 'permissionDenied' });
    expect(speechErrorAction('service-not-allowed', 0)).toEqual({ kind: 'stop', message: 'permissionDenied' });
  });

  test('network: retried 3 times 1.5 s apart, then listening stops', () => {
    let retries = 0;
    const actions = [];
    for (;;) {
      const action = speechErrorAction('network', retries);
      actions.push(action);
      if (action.kind !== 'restart') break;
      expect(action).toEqual({ kind: 'restart', delayMs: 1500, networkRetry: true });
      retries += 1;
    }
    expect(actions).toHaveLength(4);
    expect(actions.at(-1)).toEqual({ kind: 'stop', message: 'networkFailed' });
  });

  test('any other error restarts listening after 5 s', () => {
    for (const error of ['audio-capture', 'bad-grammar', 'language-not-supported', 'something-new']) {
      expect(speechErrorAction(error, 0)).toEqual({ kind: 'restart', delayMs: 5000, networkRetry: false });
    }
  });

  test('the evaluation call is retried on the way, not when refused, at most 3 attempts', () => {
    expect(shouldRetryEvaluation(0, 1)).toBe(true); // no answer
    expect(shouldRetryEvaluation(undefined, 1)).toBe(true);
    expect(shouldRetryEvaluation(502, 2)).toBe(true);
    expect(shouldRetryEvaluation(503, 3)).toBe(false); // third attempt was the last
    expect(shouldRetryEvaluation(429, 1)).toBe(true);
    expect(shouldRetryEvaluation(400, 1)).toBe(false);
    expect(shouldRetryEvaluation(401, 1)).toBe(false);
    expect(shouldRetryEvaluation(404, 1)).toBe(false);
    expect(evaluationRetryDelay()).toBe(1500);
  });

  test('the constants of docs/product.md#limits', () => {
    expect(VOICE.qualityThreshold).toBe(0.6);
    expect(VOICE.listenTimeoutMs).toBe(300_000);
    expect(VOICE.restartDelayMs).toBe(5000);
    expect([VOICE.networkRetries, VOICE.networkRetryDelayMs]).toEqual([3, 1500]);
    expect([VOICE.minTextLength, VOICE.maxTextLength]).toEqual([2, 200]);
    expect(VOICE.speech).toEqual({ rate: 0.8, pitch: 1, volume: 0.8 });
    expect([VOICE.firstQuestionDelayMs, VOICE.questionChangeDelayMs, VOICE.afterReadingDelayMs]).toEqual([
      1000, 500, 1500,
    ]);
    expect([VOICE.duplicateOverlap, VOICE.interimDuplicateOverlap]).toEqual([0.3, 0.5]);
  });
});
