import { crc32, deflateSync } from 'node:zlib';
import { signedInSession } from './api-session.js';

/**
 * A public exam whose one question holds an uploaded image, a formula and a code block: what
 * Lighthouse audits take-exam with for issue 25 (performance ≥ 95, accessibility 100, CLS ≤ 0.05).
 */

/** A 640 × 360 RGB PNG of bands and a grid (a diagram's flat colours), written here with real CRCs. */
export function diagramPng(width = 640, height = 360): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0;
    for (let x = 0; x < width; x++) {
      const grid = x % 80 === 0 || y % 60 === 0;
      const band = Math.floor(x / 160);
      const at = y * row + 1 + x * 3;
      raw[at] = grid ? 40 : [219, 191, 167, 253][band]!;
      raw[at + 1] = grid ? 40 : [234, 219, 243, 230][band]!;
      raw[at + 2] = grid ? 40 : [254, 254, 208, 138][band]!;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Creates the exam through the API as an editor would (upload, then a Markdown question); its id. */
export async function richPublicExam(apiUrl: string): Promise<string> {
  const { headers } = await signedInSession(apiUrl);
  const json = async (path: string, body: unknown) => {
    const res = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id?: string };
  };
  const { id } = await json('/api/create-exam/', { title: `rich ${Date.now()}`, question_count: 0, is_public: true });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(diagramPng())], { type: 'image/png' }), 'diagram.png');
  const uploaded = await fetch(`${apiUrl}/api/exam/${id}/images/`, { method: 'POST', headers: headers(), body: form });
  if (!uploaded.ok) throw new Error(`image upload: ${uploaded.status} ${await uploaded.text()}`);
  const { url } = (await uploaded.json()) as { url: string };
  await json(`/api/exam/${id}/add-question/`, {
    title: '파드 구성과 신뢰도',
    content: [
      '다음 구성도와 매니페스트를 보고, 신뢰도 공식 $MTTF \\times \\frac{1}{n}$ 으로 답하시오.',
      '',
      `![파드 세 개와 서비스 하나의 구성도](${url})`,
      '',
      '```yaml',
      'apiVersion: apps/v1',
      'kind: Deployment',
      'spec:',
      '  replicas: 3',
      '```',
      '',
      '$$\\lambda_{system} = \\sum_{i=1}^{n} \\lambda_i$$',
    ].join('\n'),
    answer: '3',
    format: 'markdown',
  });
  return String(id);
}
