import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { traced } from '../../runtime/tracing.js';
import type { ModelClient } from './answer-evaluation.js';

// Loaded on demand by evaluate.ts (D106): only an evaluation with a model configured reads it.

let client: BedrockRuntimeClient | undefined;

/** One Converse call; the evaluator falls back to the local evaluation on any failure, so no SDK retries. */
export const converse: ModelClient['complete'] = async ({ modelId, system, prompt, signal }) => {
  client ??= traced(new BedrockRuntimeClient({ maxAttempts: 1 }));
  const answer = await client.send(
    new ConverseCommand({
      modelId,
      system: [{ text: system }],
      messages: [{ role: 'user', content: [{ text: prompt }] }],
      inferenceConfig: { maxTokens: 300, temperature: 0 },
    }),
    { abortSignal: signal },
  );
  return (answer.output?.message?.content ?? []).map((c) => c.text ?? '').join('');
};
