import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { getExam } from '#shared/contracts/exams.js';
import { readWholeExam } from '../../web/src/features/take-exam/utils/whole-exam.js';
import { setCurrentLanguage } from '../../web/src/lib/current-language.js';

/** The web's exam read follows the server's page cursors (D357) and hands the screens every question. */
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const question = (n: number) => ({ id: `q${n}`, title: `Q${n}` });

beforeEach(() => {
  vi.stubGlobal('document', { cookie: '' });
  setCurrentLanguage('ko');
});

afterEach(() => vi.unstubAllGlobals());

describe('readWholeExam', () => {
  test('asks for each next_cursor once and joins the pages in order', async () => {
    const pages: Record<string, unknown> = {
      '': { id: 'e', title: 'Exam', total_questions: 5, questions: [1, 2].map(question), next_cursor: 'c2' },
      c2: { id: 'e', questions: [3, 4].map(question), next_cursor: 'c3' },
      c3: { id: 'e', questions: [5].map(question), next_cursor: null },
    };
    const fetchMock = vi.fn(async (url: string) =>
      json(pages[new URL(url, 'http://x').searchParams.get('cursor') ?? '']),
    );
    vi.stubGlobal('fetch', fetchMock);
    const exam = await readWholeExam(getExam, { params: { examId: 'e' }, query: { select: 'id,questions' } });
    expect(exam.questions?.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    expect(exam.title).toBe('Exam');
    expect(exam.next_cursor).toBeNull();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toHaveLength(3);
    // later pages keep the caller's select
    expect(urls.slice(1).every((url) => url.includes('select=id%2Cquestions'))).toBe(true);
  });

  test('a read without questions is one request', async () => {
    const fetchMock = vi.fn(async () => json({ id: 'e', title: 'Exam' }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await readWholeExam(getExam, { params: { examId: 'e' }, query: { select: 'id,title' } })).toEqual({
      id: 'e',
      title: 'Exam',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
