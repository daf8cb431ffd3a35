import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';

/*
 * One client per service and endpoint. In AWS the AWS_ENDPOINT_URL_* variables are unset, so that
 * is one client per service per Lambda container. Locally they point at DynamoDB Local, s3rver and
 * the SES emulator; a long-lived process that starts a new local cloud (the bench, one per
 * section) gets clients for the new endpoints instead of ones still aimed at a stopped engine.
 * A supervised engine restarts on its old port, so its clients stay valid and simply reconnect.
 */
function perEndpoint<T>(create: (endpoint: string | undefined) => T): (endpoint: string | undefined) => T {
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
  const client = new DynamoDBClient({ endpoint, maxAttempts: 3 });
  // The SDK's logger middleware walks every input and output through the schema's sensitive-data
  // filter to hand the result to its default logger, a no-op: 4% of the API's CPU under load
  // (decision D88). We never give the SDK a logger, so the walk is dropped.
  client.middlewareStack.remove('loggerMiddleware');
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
  });
});
// s3rver serves buckets by path, not by virtual host.
const s3For = /* @__PURE__ */ perEndpoint((endpoint) => new S3Client({ endpoint, forcePathStyle: !!endpoint }));
const sesFor = /* @__PURE__ */ perEndpoint((endpoint) => new SESv2Client({ endpoint }));

export function dynamoDocument(): DynamoDBDocumentClient {
  return dynamoFor(process.env.AWS_ENDPOINT_URL_DYNAMODB || undefined);
}

export function s3Client(): S3Client {
  return s3For(process.env.AWS_ENDPOINT_URL_S3 || undefined);
}

export function sesClient(): SESv2Client {
  return sesFor(process.env.AWS_ENDPOINT_URL_SESV2 || undefined);
}
