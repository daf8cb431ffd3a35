import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { traced } from '../../runtime/tracing.js';
import type { ModelClient } from './answer-evaluation.js';

// Loaded on demand (D106): only an evaluation or a notes call with a model configured reads it.

let client: BedrockRuntimeClient | undefined;

/**
 * One Converse call, no SDK retries: the evaluator falls back to the local evaluation on any failure,
 * and a failed notes call answers 503 (the learner tries again).
 */
export const converse: ModelClient['complete'] = async ({ modelId, system, prompt, signal, maxTokens }) => {
  client ??= traced(new BedrockRuntimeClient({ maxAttempts: 1 }));
  const answer = await client.send(
    new ConverseCommand({
      modelId,
      system: [{ text: system }],
      messages: [{ role: 'user', content: [{ text: prompt }] }],
      inferenceConfig: { maxTokens: maxTokens ?? 300, temperature: 0 },
    }),
    { abortSignal: signal },
  );
  return (answer.output?.message?.content ?? []).map((c) => c.text ?? '').join('');
};
