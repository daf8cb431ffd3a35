import { ReadableStream as RealReadableStream } from 'node:stream/web';
import { assert, describe, expect, it } from 'vitest';
import { ReadableStream } from '../../infra/lambda-shims/node-stream-web.js';

/** The stand-in the Lambda bundles get for `node:stream/web` (D107) behaves as Node's class where middy uses it. */
describe('node:stream/web stand-in', () => {
  it('answers instanceof for real streams, and only for them', () => {
    expect(new RealReadableStream() instanceof ReadableStream).toBe(true);
    expect(RealReadableStream.from(['a']) instanceof ReadableStream).toBe(true);
    expect({ getReader: () => null } instanceof ReadableStream).toBe(false);
    expect(new Uint8Array(1) instanceof ReadableStream).toBe(false);
  });

  it('constructs a real stream that can be read', async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue('hello');
        controller.close();
      },
    });
    expect(stream).toBeInstanceOf(RealReadableStream);
    assert(stream instanceof RealReadableStream); // narrows the stand-in's type to the real stream
    const chunks: unknown[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks).toEqual(['hello']);
  });
});
