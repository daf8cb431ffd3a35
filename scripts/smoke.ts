import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';

/**
 * `npm run smoke -- <base URL>`: the pipeline's check that a deployed stage works end to end
 * (D144): sign up, import a small file, take an exam, read the result, clean up. It speaks HTTP
 * to the site only, as a browser does (cookies, CSRF header), so it runs against staging's
 * CloudFront URL as well as against `npm start`. Exits 1 with the failed step on any surprise.
 */

export interface SmokeStep {
  step: string;
  ms: number;
}

export interface SmokeOptions {
  /** Per-step progress (the CLI prints it). */
  onStep?: (step: SmokeStep) => void;
}

/** Three questions the smoke user imports and answers (two right, one wrong: the score is checked). */
const QUESTIONS = [
  { title: 'Smoke capital', content: 'Capital of Korea?', answer: 'Seoul' },
  { title: 'Smoke sum', content: '2 + 3 = ?', answer: '5' },
  { title: 'Smoke colour', content: 'Colour of the clear sky?', answer: 'blue' },
];
const CSV_HEADER = 'Question ID,Title,Question Content,Answer,Explanation,Difficulty,URL,Group ID';

class SmokeFailure extends Error {}

/** A browser-like session: its cookies, and the CSRF token sent on unsafe methods. */
class Session {
  private cookies = new Map<string, string>();
  private csrf = '';

  constructor(private readonly baseUrl: string) {}

  async start(): Promise<void> {
    const { csrfToken } = await this.json<{ csrfToken: string }>('GET', '/api/csrf-token/');
    this.csrf = csrfToken;
  }

  async json<T>(method: string, path: string, body?: unknown, expected = [200, 201]): Promise<T> {
    const init: RequestInit = { method, headers: {} };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await this.send(path, init);
    const text = await response.text();
    if (!expected.includes(response.status))
      throw new SmokeFailure(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : {}) as T;
  }

  private async send(path: string, init: RequestInit): Promise<Response> {
    const headers = init.headers as Record<string, string>;
    headers['accept-language'] = 'en';
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (!['GET', 'HEAD'].includes(init.method ?? 'GET')) headers['x-csrftoken'] = this.csrf;
    const response = await fetch(new URL(path, this.baseUrl), { ...init, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** Runs the smoke test against `baseUrl`; resolves with the steps taken, rejects with the step that failed. */
export async function runSmoke(baseUrl: string, options: SmokeOptions = {}): Promise<SmokeStep[]> {
  const steps: SmokeStep[] = [];
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    try {
      const value = await run();
      const done = { step: name, ms: Date.now() - started };
      steps.push(done);
      options.onStep?.(done);
      return value;
    } catch (error) {
      throw new SmokeFailure(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const session = new Session(baseUrl);
  const suffix = randomBytes(4).toString('hex');
  const username = `smoke-${suffix}`;
  const fileName = `smoke-${suffix}.csv`;
  let examId: string | undefined;
  let signedUp = false;
  let imported = false;

  try {
    await step('csrf token', () => session.start());
    await step('sign up', async () => {
      const password = randomBytes(18).toString('base64url');
      await session.json('POST', '/api/register/', {
        id: username,
        name: 'Smoke Test',
        password,
        password_confirm: password,
        language: 'en',
      });
      signedUp = true;
    });
    await step('import a small file', async () => {
      const rows = QUESTIONS.map((q, i) => [String(i + 1), q.title, q.content, q.answer, '', '1', '', ''].join(','));
      const form = new FormData();
      form.append('is_public', 'false');
      form.append('file', new Blob([[CSV_HEADER, ...rows].join('\n')], { type: 'text/csv' }), fileName);
      const answer = await session.json<{ stats: { total?: number } }>('POST', '/api/upload-questions/', form);
      imported = true;
      return answer;
    });
    const exam = await step('create an exam', () =>
      session.json<{ id: string; question_count: number }>('POST', '/api/create-exam/', {
        title: `Smoke ${suffix}`,
        file_name: fileName,
        question_count: QUESTIONS.length,
        is_public: false,
      }),
    );
    examId = exam.id;
    if (exam.question_count !== QUESTIONS.length)
      throw new SmokeFailure(`the exam has ${exam.question_count} questions, not ${QUESTIONS.length}`);
    const questions = await step('read the questions', () =>
      session.json<{ id: string; content?: string }[]>('GET', `/api/exam/${encodeURIComponent(exam.id)}/questions/`),
    );
    const submitted = await step('take the exam', () =>
      session.json<{ result_id: string }>('POST', '/api/submit-exam/', {
        exam_id: exam.id,
        submission_id: randomUUID(),
        elapsed_seconds: 30,
        answers: questions.map((q) => {
          const known = QUESTIONS.find((own) => own.content === q.content);
          // The last question is answered wrong on purpose: the result must tell them apart.
          const answer = known && known !== QUESTIONS[2] ? known.answer : 'not this';
          return { question_id: q.id, answer, elapsed_seconds: 10 };
        }),
      }),
    );
    await step('read the result', async () => {
      const result = await session.json<{ correct_count?: number; score?: number }>(
        'GET',
        `/api/exam-result/${encodeURIComponent(submitted.result_id)}/`,
      );
      const correct = result.correct_count ?? result.score;
      if (correct !== QUESTIONS.length - 1)
        throw new SmokeFailure(`the result counts ${correct} correct answers, not ${QUESTIONS.length - 1}`);
    });
  } finally {
    // Clean up whatever was made, even after a failure; a failed clean-up fails the run too.
    if (examId)
      await step('delete the exam', () => session.json('DELETE', `/api/exam/${encodeURIComponent(examId!)}/`));
    if (imported)
      await step('delete the file', () =>
        session.json('DELETE', `/api/question-files/${encodeURIComponent(fileName)}/delete/`),
      );
    if (signedUp) await step('delete the account', () => session.json('DELETE', '/api/delete-my-account/'));
  }
  return steps;
}

async function main(): Promise<void> {
  const baseUrl = process.argv[2] ?? process.env.SMOKE_BASE_URL;
  if (!baseUrl || !/^https?:\/\//.test(baseUrl)) {
    console.error('usage: npm run smoke -- <base URL, e.g. https://staging.example.org>');
    process.exit(2);
  }
  try {
    await runSmoke(baseUrl, { onStep: ({ step, ms }) => console.log(`ok  ${step} (${ms} ms)`) });
    console.log(`smoke test passed against ${baseUrl}`);
  } catch (error) {
    console.error(`smoke test FAILED against ${baseUrl}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
