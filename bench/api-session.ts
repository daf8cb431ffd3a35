import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import * as XLSX from 'xlsx';

/** How bench sections print a figure (bench/run.ts owns the format and the verdicts). */
export type Report = (name: string, value: string, budget?: { ok: boolean; text: string }) => void;

const HEADER = ['문제id', '제목', '문제 내용', '정답', '설명', '난이도', 'URL', '그룹ID'];

/** A generated Korean question bank of `rows` questions as xlsx bytes. */
export function questionSheet(rows: number): Buffer {
  const data = [
    HEADER,
    ...Array.from({ length: rows }, (_, i) => [
      String(i + 1),
      `제목 ${i + 1}`,
      `문제 내용 ${i + 1}: 쿠버네티스 파드와 디플로이먼트의 차이를 설명하시오.`,
      `정답 ${i + 1}`,
      `설명 ${i + 1}`,
      ['쉬움', '보통', '어려움'][i % 3]!,
      '',
      `g${i % 10}`,
    ]),
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data), 'Sheet1');
  return Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array);
}

/** A browser-like cookie jar with a CSRF token against an in-process server, as the web app keeps one. */
export async function browserSession(baseUrl: string) {
  const csrf = (await (await fetch(`${baseUrl}/api/csrf-token/`)).json()) as { csrfToken: string };
  let cookie = `csrftoken=${csrf.csrfToken}`;
  return {
    csrf: csrf.csrfToken,
    headers: () => ({ cookie, 'x-csrftoken': csrf.csrfToken }),
    /** Adds a `name=value` pair (a session cookie) to the jar. */
    addCookie: (pair: string) => void (cookie = `${cookie}; ${pair}`),
    cookie: () => cookie,
  };
}

/** A signed-in browser-like session against an in-process server: register, keep cookies. */
export async function signedInSession(baseUrl: string) {
  const jar = await browserSession(baseUrl);
  const username = `bench_${randomBytes(5).toString('hex')}`;
  const res = await fetch(`${baseUrl}/api/register/`, {
    method: 'POST',
    headers: { ...jar.headers(), 'content-type': 'application/json' },
    body: JSON.stringify({
      id: username,
      name: 'Bench',
      password: randomBytes(12).toString('base64url'),
      language: 'ko',
    }),
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('sessionid='));
  if (!session) throw new Error('register did not start a session');
  jar.addCookie(session);
  return { headers: jar.headers, userId: user.id, cookie: jar.cookie(), csrf: jar.csrf };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Runs `task` from `connections` workers for `seconds`; latency percentiles of each call. */
export async function timed(
  task: (worker: number) => Promise<void>,
  options: { seconds: number; connections: number },
) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async (_, worker) => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          await task(worker);
          latencies.push(performance.now() - start);
        } catch (error) {
          if (errors++ === 0) console.error(`  first error: ${(error as Error).message}`);
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    calls: latencies.length,
    perSecond: Math.round(latencies.length / options.seconds),
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
    errors,
  };
}
