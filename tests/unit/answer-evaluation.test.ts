import { describe, expect, it } from 'vitest';
import { answerWords, evaluateAnswerLocally } from '#shared/domain/answer-evaluation.js';

describe('evaluateAnswerLocally (docs/product.md#voice-mode word-match fallback)', () => {
  it.each([
    ['Kubernetes', 'kubernetes', true, 'exact'],
    ['  예 ', 'yes', true, 'exact'],
    ['a pod is the smallest unit', 'The pod is the smallest deployable unit', true, 'word_match'],
    ['the pod', 'The pod is the smallest deployable unit', false, 'too_few_words'],
    ['컨테이너 오케스트레이션 도구', '컨테이너 오케스트레이션', true, 'word_match'],
    ['오케스트레이션', '컨테이너 오케스트레이션 플랫폼 도구', false, 'too_few_words'],
    ['', 'anything', false, 'empty'],
    ['   ', 'anything', false, 'empty'],
    ['something', '', false, 'too_few_words'],
  ])('%j against %j → %s (%s)', (given, correct, expected, reason) => {
    const result = evaluateAnswerLocally(given, correct);
    expect(result.is_correct).toBe(expected);
    expect(result.reason).toBe(reason);
  });

  it('counts each correct word once and ignores punctuation', () => {
    expect(answerWords('Hello, hello — world!')).toEqual(['hello', 'hello', 'world']);
    expect(evaluateAnswerLocally('world', 'hello, hello world').match_ratio).toBe(0.5);
  });
});
