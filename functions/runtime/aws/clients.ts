import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { traced } from '../tracing.js';

/*
 * One client per service and endpoint (the S3 and SES clients are in s3-client.ts and
 * ses-client.ts: their SDK packages register their schemas on import, so only a module that
 * itself is loaded on demand may import them, D106). In AWS the AWS_ENDPOINT_URL_* variables are unset, so that
 * is one client per service per Lambda container. Locally they point at DynamoDB Local, s3rver and
 * the SES emulator; a long-lived process that starts a new local cloud (the bench, one per
 * section) gets clients for the new endpoints instead of ones still aimed at a stopped engine.
 * A supervised engine restarts on its old port, so its clients stay valid and simply reconnect.
 */
export function perEndpoint<T>(create: (endpoint: string | undefined) => T): (endpoint: string | undefined) => T {
  const clients = new Map<string, T>();
  return (endpoint) => {
    const key = endpoint ?? '';
    let client = clients.get(key);
    if (!client) clients.set(key, (client = create(endpoint)));
    return client;
  };
}

// Marked pure so esbuild drops the clients (and their SDK packages) a Lambda never asks for.
const dynamoFor = /* @__PURE__ */ perEndpoint((endpoint) => {
  // Registered for X-Ray: its calls (the document client's too, they share one middleware stack) become subsegments on sampled invocations.
  const client = traced(new DynamoDBClient({ endpoint, maxAttempts: 3 }));
  // The SDK's logger middleware walks every input and output through the schema's sensitive-data
  // filter to hand the result to its default logger, a no-op: 4% of the API's CPU under load
  // (decision D88). We never give the SDK a logger, so the walk is dropped.
  client.middlewareStack.remove('loggerMiddleware');
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
  });
});

export function dynamoDocument(): DynamoDBDocumentClient {
  return dynamoFor(process.env.AWS_ENDPOINT_URL_DYNAMODB || undefined);
}
