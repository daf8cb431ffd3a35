import { PutObjectCommand } from '@aws-sdk/client-s3';
import { performance } from 'node:perf_hooks';
import { deflateSync } from 'node:zlib';
import { startInProcessCloud } from './local-server.js';
import { s3Client } from '../functions/runtime/aws/s3-client.js';
import { config } from '../functions/runtime/config.js';
import { signedInSession, type Report } from './api-session.js';

/** A PNG of about `bytes` (noise does not deflate), written here. */
function noisyPng(bytes: number): Buffer {
  const width = 512;
  const height = Math.max(1, Math.floor(bytes / (width + 1)));
  const raw = Buffer.alloc((width + 1) * height);
  for (let i = 0; i < raw.length; i++) raw[i] = i % (width + 1) === 0 ? 0 : (i * 2654435761) >>> 24;
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    return Buffer.concat([head, data, Buffer.alloc(4)]); // CRCs are not checked by the upload
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * An image upload's server time against the S3 PUT of the same bytes alone (s3rver locally).
 * The upload is the whole route: session, the exam's rights, the byte checks and the PUT.
 */
export async function benchQuestionImages(rootDir: string, report: Report): Promise<void> {
  const cloud = await startInProcessCloud(rootDir);
  try {
    const { headers } = await signedInSession(cloud.url);
    const created = await fetch(`${cloud.url}/api/create-exam/`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ title: `bench images ${Date.now()}`, question_count: 0, is_public: false }),
    });
    const { id: examId } = (await created.json()) as { id: string };
    const image = noisyPng(1024 * 1024);
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'bench.png');
      const start = performance.now();
      const res = await fetch(`${cloud.url}/api/exam/${examId}/images/`, {
        method: 'POST',
        headers: headers(),
        body: form,
      });
      if (!res.ok) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      return performance.now() - start;
    };
    const put = async (n: number) => {
      const start = performance.now();
      await s3Client().send(
        new PutObjectCommand({ Bucket: config.filesBucket, Key: `bench/${n}`, Body: image, ContentType: 'image/png' }),
      );
      return performance.now() - start;
    };
    await upload();
    await put(-1);
    const uploads: number[] = [];
    const puts: number[] = [];
    for (let n = 0; n < 15; n++) {
      uploads.push(await upload());
      puts.push(await put(n));
    }
    const ratio = median(uploads) / median(puts);
    report(
      'image upload (1 MB PNG): route / S3 PUT alone, median of 15',
      `${median(uploads).toFixed(0)} ms / ${median(puts).toFixed(0)} ms = ${ratio.toFixed(2)}×`,
    );
  } finally {
    await cloud.stop();
  }
}
