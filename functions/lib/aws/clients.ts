import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';

/*
 * One client per service per Lambda container. Locally the AWS_ENDPOINT_URL_* variables point
 * them at DynamoDB Local, s3rver and the SES emulator; in AWS they are unset.
 */
let dynamo: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let ses: SESv2Client | undefined;

export function dynamoDocument(): DynamoDBDocumentClient {
  dynamo ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB || undefined, maxAttempts: 3 }),
    { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true } },
  );
  return dynamo;
}

export function s3Client(): S3Client {
  const endpoint = process.env.AWS_ENDPOINT_URL_S3 || undefined;
  // s3rver serves buckets by path, not by virtual host.
  s3 ??= new S3Client({ endpoint, forcePathStyle: !!endpoint });
  return s3;
}

export function sesClient(): SESv2Client {
  ses ??= new SESv2Client({ endpoint: process.env.AWS_ENDPOINT_URL_SESV2 || undefined });
  return ses;
}
