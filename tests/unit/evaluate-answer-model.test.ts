import { describe, expect, it, vi } from 'vitest';
import {
  evaluateAnswerText,
  evaluatorFromEnv,
  localEvaluation,
  parseModelAnswer,
  type EvaluationRequest,
  type ModelClient,
} from '../../functions/domains/exams/answer-evaluation.js';

const request: EvaluationRequest = {
  question: 'Q',
  content: 'What runs containers?',
  correctAnswer: 'container runtime',
  userAnswer: 'the container runtime',
  language: 'en',
};

const fake = (
  answer: (input: Parameters<ModelClient['complete']>[0]) => Promise<string>,
): ModelClient & { calls: number } => {
  const client = {
    calls: 0,
    complete: async (input: Parameters<ModelClient['complete']>[0]) => (client.calls++, answer(input)),
  };
  return client;
};

describe('evaluator selection', () => {
  it('uses the local evaluator without a model id', async () => {
    const client = fake(async () => '{"is_correct": false, "reason": "no"}');
    const outcome = await evaluateAnswerText(request, { client });
    expect(outcome).toMatchObject({ evaluator: 'local', is_correct: true });
    expect(client.calls).toBe(0);
  });

  it('uses the model when configured and it answers strict JSON', async () => {
    const client = fake(async (input) => {
      expect(input.modelId).toBe('model-x');
      expect(input.prompt).toContain('container runtime');
      expect(input.system).toContain('English');
      return '{"is_correct": false, "reason": "Missing the key idea."}';
    });
    expect(await evaluateAnswerText(request, { modelId: 'model-x', client })).toEqual({
      is_correct: false,
      reason: 'Missing the key idea.',
      evaluator: 'bedrock',
    });
  });

  it('does not ask the model about an empty answer', async () => {
    const client = fake(async () => '{"is_correct": true, "reason": "x"}');
    expect(await evaluateAnswerText({ ...request, userAnswer: ' ' }, { modelId: 'm', client })).toMatchObject({
      evaluator: 'local',
      is_correct: false,
    });
    expect(client.calls).toBe(0);
  });

  it('evaluatorFromEnv: BEDROCK_MODEL_ID turns the model on', () => {
    expect(evaluatorFromEnv({})).toEqual({});
    expect(evaluatorFromEnv({ BEDROCK_MODEL_ID: '  ' })).toEqual({});
    const settings = evaluatorFromEnv({ BEDROCK_MODEL_ID: 'anthropic.claude-3-haiku-20240307-v1:0' });
    expect(settings.modelId).toBe('anthropic.claude-3-haiku-20240307-v1:0');
    expect(typeof settings.client?.complete).toBe('function');
  });
});

describe('fallback to the local evaluator', () => {
  const local = localEvaluation(request);

  it.each([
    [
      'an error',
      async () => {
        throw new Error('AccessDenied');
      },
    ],
    ['prose instead of JSON', async () => 'Yes, that is correct.'],
    ['JSON of the wrong shape', async () => '{"correct": "yes"}'],
    ['extra fields', async () => '{"is_correct": true, "reason": "ok", "score": 1}'],
    ['an empty reason', async () => '{"is_correct": true, "reason": " "}'],
  ])('on %s', async (_name, answer) => {
    const onFallback = vi.fn();
    expect(await evaluateAnswerText(request, { modelId: 'm', client: fake(answer as never), onFallback })).toEqual(
      local,
    );
    expect(onFallback).toHaveBeenCalledOnce();
  });

  it('on a timeout, and the model call is aborted', async () => {
    let aborted = false;
    const client = fake(
      (input) =>
        new Promise((resolve) => {
          input.signal.addEventListener('abort', () => {
            aborted = true;
          });
          setTimeout(() => resolve('{"is_correct": false, "reason": "late"}'), 1_000);
        }),
    );
    const started = Date.now();
    expect(await evaluateAnswerText(request, { modelId: 'm', client, timeoutMs: 50 })).toEqual(local);
    expect(Date.now() - started).toBeLessThan(900);
    expect(aborted).toBe(true);
  });
});

describe('local evaluation and parsing', () => {
  it('gives a sentence in the caller language', () => {
    expect(localEvaluation(request).reason).toMatch(/key words|matches/);
    expect(localEvaluation({ ...request, language: 'ko', userAnswer: 'nothing' }).reason).toMatch(/핵심 단어/);
  });
  it('parseModelAnswer accepts a fenced JSON block only when strict', () => {
    expect(parseModelAnswer('```json\n{"is_correct": true, "reason": "ok"}\n```')).toEqual({
      is_correct: true,
      reason: 'ok',
    });
    expect(parseModelAnswer('{"is_correct": "true", "reason": "ok"}')).toBeNull();
  });
});
