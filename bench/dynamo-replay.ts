import { performance } from 'node:perf_hooks';
import {
  BatchGetItemCommand,
  type BatchGetItemCommandInput,
  BatchWriteItemCommand,
  type BatchWriteItemCommandInput,
  DeleteItemCommand,
  type DeleteItemCommandInput,
  DynamoDBClient,
  GetItemCommand,
  type GetItemCommandInput,
  PutItemCommand,
  type PutItemCommandInput,
  QueryCommand,
  type QueryCommandInput,
  type ServiceInputTypes,
  TransactWriteItemsCommand,
  type TransactWriteItemsCommandInput,
  UpdateItemCommand,
  type UpdateItemCommandInput,
} from '@aws-sdk/client-dynamodb';
import { dynamoDocument } from '../functions/runtime/aws/clients.js';

/**
 * The physical floor of a request: the DynamoDB calls it made, as the engine received them, sent
 * again by a bare DynamoDBClient. What the API costs beyond that (HTTP, the adapter, middy, zod,
 * sessions, the document client's marshalling, our services) is the ratio the bench reports.
 */
export interface RecordedCall {
  /** The low-level operation, e.g. `BatchWriteItem`. */
  operation: string;
  /** The marshalled input (AttributeValues), as the serializer got it: the low-level operation's own. */
  input: ServiceInputTypes;
  startedMs: number;
  endedMs: number;
}

/**
 * Records every DynamoDB call of this process's shared client while `start()`ed. The middleware
 * sits at the build step, after the document client's marshalling, so the inputs are what a bare
 * DynamoDBClient would send.
 */
export function recordDynamoCalls() {
  let calls: RecordedCall[] | null = null;
  dynamoDocument().middlewareStack.add(
    (next, context) => async (args) => {
      if (!calls) return next(args);
      const call: RecordedCall = {
        operation: String((context as { commandName?: string }).commandName ?? 'unknown').replace(/Command$/, ''),
        // Kept by reference, not copied (the copy would be timed): the SDK never changes an input once serialised.
        input: args.input as ServiceInputTypes,
        startedMs: performance.now(),
        endedMs: 0,
      };
      calls.push(call);
      try {
        return await next(args);
      } finally {
        call.endedMs = performance.now();
      }
    },
    { step: 'build', name: `bench-recorder-${Math.random()}` },
  );
  return {
    start: () => void (calls = []),
    /** The calls since `start()`, in the order they were sent. */
    stop: (): RecordedCall[] => {
      const recorded = calls ?? [];
      calls = null;
      return recorded;
    },
  };
}

/**
 * The recorded calls as the request issued them: calls sent while an earlier one was still under
 * way run together (e.g. the exam list's shard Queries), the next wave waits for the previous one.
 */
export function inWaves(calls: RecordedCall[]): RecordedCall[][] {
  const waves: RecordedCall[][] = [];
  let waveEnd = -Infinity;
  for (const call of calls) {
    const current = waves.at(-1);
    if (current && call.startedMs < waveEnd) {
      current.push(call);
      waveEnd = Math.min(waveEnd, call.endedMs);
    } else {
      waves.push([call]);
      waveEnd = call.endedMs;
    }
  }
  return waves;
}

/**
 * A bare client of the engine, configured as the app's: same retries, no document layer, and, as
 * the app's since D89, without the SDK's logger middleware (its walk over every input and output
 * for a no-op logger is no part of the floor).
 */
export function bareClient(endpoint: string): DynamoDBClient {
  const client = new DynamoDBClient({ endpoint, maxAttempts: 3 });
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

/** Sends a recorded call's input as the command of its operation. */
type Send = (client: DynamoDBClient, input: ServiceInputTypes) => Promise<unknown>;

/**
 * The low-level operations the app's document client sends (Get, Put, Update, Delete, Query,
 * BatchGet, BatchWrite, TransactWrite), by the recorded `operation`. A recording holding another
 * one fails the replay: add its command here.
 */
const COMMANDS: Partial<Record<string, Send>> = {
  BatchGetItem: (client, input) => client.send(new BatchGetItemCommand(input as BatchGetItemCommandInput)),
  BatchWriteItem: (client, input) => client.send(new BatchWriteItemCommand(input as BatchWriteItemCommandInput)),
  DeleteItem: (client, input) => client.send(new DeleteItemCommand(input as DeleteItemCommandInput)),
  GetItem: (client, input) => client.send(new GetItemCommand(input as GetItemCommandInput)),
  PutItem: (client, input) => client.send(new PutItemCommand(input as PutItemCommandInput)),
  Query: (client, input) => client.send(new QueryCommand(input as QueryCommandInput)),
  TransactWriteItems: (client, input) =>
    client.send(new TransactWriteItemsCommand(input as TransactWriteItemsCommandInput)),
  UpdateItem: (client, input) => client.send(new UpdateItemCommand(input as UpdateItemCommandInput)),
};

/**
 * Sends one recorded call again. `rewrite` maps strings of the recorded input to others (another
 * table's name, a fresh user id), applied to the whole input so keys, items and names all follow.
 */
export async function replayCall(
  client: DynamoDBClient,
  call: RecordedCall,
  rewrite?: Map<string, string>,
): Promise<void> {
  const send = COMMANDS[call.operation];
  if (!send) throw new Error(`no command for ${call.operation}`);
  await send(client, rewrite?.size ? rewriteStrings(call.input, rewrite) : call.input);
}

function rewriteStrings<T>(value: T, rewrite: Map<string, string>): T {
  if (typeof value === 'string') {
    let text: string = value;
    for (const [from, to] of rewrite) if (text.includes(from)) text = text.split(from).join(to);
    return text as T;
  }
  if (value instanceof Uint8Array || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v: unknown) => rewriteStrings(v, rewrite)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [rewriteStrings(k, rewrite), rewriteStrings(v, rewrite)]),
  ) as T;
}

/** Replays `calls` from `concurrency` workers, each taking the next call (as `batchWriteAll` does). */
export async function replayPool(
  client: DynamoDBClient,
  calls: RecordedCall[],
  concurrency: number,
  rewrite?: Map<string, string>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < calls.length) await replayCall(client, calls[next++]!, rewrite);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, calls.length) }, worker));
}

const WRITES = /^(Put|Update|Delete|BatchWrite|TransactWrite)/;

/** Replays one request's calls wave by wave; `rewriteWrites` applies to its writes only (reads stay hits). */
export async function replayRequest(
  client: DynamoDBClient,
  waves: RecordedCall[][],
  rewriteWrites?: Map<string, string>,
): Promise<void> {
  for (const wave of waves)
    await Promise.all(
      wave.map((call) => replayCall(client, call, WRITES.test(call.operation) ? rewriteWrites : undefined)),
    );
}
