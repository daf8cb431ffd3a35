import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { LIVE_ALIAS } from '#shared/live-alias.js';
import { traced } from '../tracing.js';
import { perEndpoint } from './clients.js';

// Locally AWS_ENDPOINT_URL_LAMBDA points at the local cloud, which answers the Invoke API itself.
const lambdaFor = perEndpoint((endpoint) => traced(new LambdaClient({ endpoint, maxAttempts: 3 })));

/**
 * Imported only on demand (functions/runtime/background.ts), D106: an asynchronous invocation
 * (Lambda queues the event). In AWS through the function's `live` alias, the version its callers
 * get (during a canary, either of the two); the local cloud has no aliases.
 */
export async function invokeEvent(functionName: string, payload: unknown): Promise<void> {
  const inAws = !process.env.AWS_ENDPOINT_URL_LAMBDA;
  const answer = await lambdaFor(process.env.AWS_ENDPOINT_URL_LAMBDA || undefined).send(
    new InvokeCommand({
      FunctionName: functionName,
      ...(inAws ? { Qualifier: LIVE_ALIAS } : {}),
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
  if (answer.StatusCode !== 202) throw new Error(`async invoke of ${functionName} answered ${answer.StatusCode}`);
}
