import { createServer, type Http2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in Amazon Bedrock runtime endpoint (the SDK speaks HTTP/2) that answers every Converse
 * call with a recorded answer: the real client, request signing and response parsing run, only the
 * model is replaced. Point the SDK at it with AWS_ENDPOINT_URL_BEDROCK_RUNTIME.
 */
export interface BedrockFake {
  url: string;
  /** The Converse requests received: path and JSON body. */
  calls: { path: string; body: { system?: { text: string }[]; messages?: { content: { text: string }[] }[] } }[];
  /** The model text the next calls answer. */
  answer: string;
  close(): Promise<void>;
}

/** Converse's answer shape (bedrock-runtime ConverseResponse), around the model's text. */
export function converseResponse(text: string): string {
  return JSON.stringify({
    output: { message: { role: 'assistant', content: [{ text }] } },
    stopReason: 'end_turn',
    usage: { inputTokens: 812, outputTokens: 301, totalTokens: 1113 },
    metrics: { latencyMs: 2410 },
  });
}

export async function startBedrockFake(answer: string): Promise<BedrockFake> {
  const fake: BedrockFake = { url: '', calls: [], answer, close: async () => {} };
  const server: Http2Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      fake.calls.push({ path: String(req.url), body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') });
      res.writeHead(200, { 'content-type': 'application/json' }).end(converseResponse(fake.answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((r) => server.close(() => r()));
  return fake;
}
