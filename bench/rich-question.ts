import { encode } from 'fast-png';
import { signedInSession } from './api-session.js';

/**
 * A public exam whose one question holds an uploaded image, a formula and a code block: what
 * Lighthouse audits take-exam with against its goals (performance ≥ 95, accessibility 100, CLS ≤ 0.05).
 */

/** A 640 × 360 RGB PNG of bands and a grid (a diagram's flat colours), encoded by fast-png. */
export function diagramPng(width = 640, height = 360): Buffer {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const band = Math.floor(x / 160);
      const grid = x % 80 === 0 || y % 60 === 0;
      const at = (y * width + x) * 3;
      data[at] = grid ? 40 : [219, 191, 167, 253][band]!;
      data[at + 1] = grid ? 40 : [234, 219, 243, 230][band]!;
      data[at + 2] = grid ? 40 : [254, 254, 208, 138][band]!;
    }
  }
  return Buffer.from(encode({ width, height, data, channels: 3, depth: 8 }));
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
  // Read once, as any exam learners open has been: the audit is of the page, and an exams Lambda's first
  // Markdown read loading the renderer (~140 ms here, D263) is a cold start, which bench/cold-start.ts measures.
  const read = await fetch(`${apiUrl}/api/exam/${id}/`, { headers: headers() });
  if (!read.ok) throw new Error(`exam read: ${read.status}`);
  return String(id);
}
