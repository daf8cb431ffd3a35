import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { perEndpoint } from './clients.js';

// Locally AWS_ENDPOINT_URL_LAMBDA points at the local cloud, which answers the Invoke API itself.
const lambdaFor = perEndpoint((endpoint) => new LambdaClient({ endpoint, maxAttempts: 3 }));

/** Imported only on demand (functions/runtime/background.ts), D106: an asynchronous invocation (Lambda queues the event). */
export async function invokeEvent(functionName: string, payload: unknown): Promise<void> {
  const answer = await lambdaFor(process.env.AWS_ENDPOINT_URL_LAMBDA || undefined).send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
  if (answer.StatusCode !== 202) throw new Error(`async invoke of ${functionName} answered ${answer.StatusCode}`);
}
