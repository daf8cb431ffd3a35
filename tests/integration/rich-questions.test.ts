import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { RENDERED_QUESTIONS } from '#shared/contracts/exam-schemas.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Json = Record<string, any>;

/**
 * Rich questions (D130–D132): the format travels with the question, a legacy question stays plain
 * and keeps its `*` and `_`, and the server grades a Markdown answer in its plain form.
 */
describe('rich question format', () => {
  let owner: FixtureUser;
  let examId: string;
  let questions: Json[];

  beforeAll(async () => {
    owner = await fixtureUser(apiUrl);
    const file = await uploadBank(owner, `rich-${randomUUID().slice(0, 8)}.xlsx`, 4, false);
    examId = (await createExam(owner, { title: `rich ${randomUUID()}`, question_count: 4, file_id: file.id })).id;
    const res = await owner.client.get(`/api/exam/${examId}/questions/`);
    questions = (await res.json()) as Json[];
  });

  const patch = (id: string, body: Json) =>
    owner.client.patch(`/api/questions/${id}/update/`, { exam_id: examId, ...body });

  it('a question without a format is plain; an edit sets and keeps it', async () => {
    expect(questions.every((q) => q.format === 'plain')).toBe(true);
    const id = questions[0]!.id as string;
    const set = await patch(id, { content: '**굵게** $x^2$', format: 'markdown' });
    expect(set.status).toBe(200);
    expect(((await set.json()) as Json).format).toBe('markdown');
    const kept = await patch(id, { title: 'only the title changes' });
    expect(((await kept.json()) as Json).format).toBe('markdown');
    const listed = (await (await owner.client.get(`/api/exam/${examId}/questions/`)).json()) as Json[];
    expect(listed.find((q) => q.id === id)!.format).toBe('markdown');
    const back = await patch(id, { format: 'plain' });
    expect(((await back.json()) as Json).format).toBe('plain');
  });

  it('an unknown format is refused with a code', async () => {
    const res = await patch(questions[1]!.id, { format: 'html' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).code).toEqual(expect.any(String));
  });

  it('grades a Markdown answer in its plain form and a legacy answer as typed', async () => {
    const [, , rich, legacy] = questions as [Json, Json, Json, Json];
    expect((await patch(rich.id, { answer: '**kind: Pod**', format: 'markdown' })).status).toBe(200);
    expect((await patch(legacy.id, { answer: '2*3_x', format: 'plain' })).status).toBe(200);
    const res = await owner.client.post('/api/submit-exam/', {
      exam_id: examId,
      elapsed_seconds: 10,
      submission_id: randomUUID(),
      answers: [
        { question_id: rich.id, answer: 'kind: Pod', elapsed_seconds: 5 },
        { question_id: legacy.id, answer: '2*3_x', elapsed_seconds: 5 },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const details = ((await res.json()) as Json).result.details as Json[];
    expect(Object.fromEntries(details.map((d) => [d.question_id, d.is_correct]))).toEqual({
      [rich.id]: true,
      [legacy.id]: true,
    });
  });
});

/**
 * The exam read answers its first questions' Markdown rendered (D263): the texts take-exam shows
 * (a choice question's without its choices), as HTML with KaTeX and highlight.js already applied;
 * bounded by RENDERED_QUESTIONS whatever the exam's size, and only when `select` asks for it.
 */
describe('the exam read renders its first questions', () => {
  let owner: FixtureUser;
  let examId: string;
  let questions: Json[];
  const read = async (query = '') => (await (await owner.client.get(`/api/exam/${examId}/${query}`)).json()) as Json;

  beforeAll(async () => {
    owner = await fixtureUser(apiUrl);
    const file = await uploadBank(owner, `rendered-${randomUUID().slice(0, 8)}.xlsx`, RENDERED_QUESTIONS + 2, false);
    const exam = await createExam(owner, {
      title: `rendered ${randomUUID()}`,
      question_count: RENDERED_QUESTIONS + 2,
      file_id: file.id,
    });
    examId = exam.id;
    questions = (await read()).questions as Json[];
    const patch = (id: string, body: Json) =>
      owner.client.patch(`/api/questions/${id}/update/`, { exam_id: examId, format: 'markdown', ...body });
    const [formula, choice] = questions as [Json, Json];
    expect(
      (
        await patch(formula.id, {
          content: '신뢰도 $MTTF \\times \\frac{1}{n}$\n\n```yaml\nkind: Pod\n```',
          answer: '**Pod**',
          explanation: '',
        })
      ).status,
    ).toBe(200);
    expect(
      (await patch(choice.id, { content: '고르시오 *하나*\nA. 첫째\nB. 둘째', answer: 'A', explanation: '' })).status,
    ).toBe(200);
    // Beyond the first questions: never rendered by the read.
    const last = questions[RENDERED_QUESTIONS + 1]!;
    expect((await patch(last.id, { content: 'late **markdown**', answer: 'late', explanation: '' })).status).toBe(200);
  });

  it('answers the texts the screen shows, rendered with math and highlighting', async () => {
    const rendered = (await read()).rendered as { text: string; html: string }[];
    const byText = new Map(rendered.map(({ text, html }) => [text, html]));
    const formula = byText.get('신뢰도 $MTTF \\times \\frac{1}{n}$\n\n```yaml\nkind: Pod\n```')!;
    expect(formula).toContain('class="katex"');
    expect(formula).toContain('<math');
    expect(formula).toMatch(/class="hljs-(attr|string)"/);
    expect(byText.get('**Pod**')).toBe('<p><strong>Pod</strong></p>\n');
    // The choice question's text without its choices (they are buttons), and its answer.
    expect(byText.get('고르시오 *하나*')).toBe('<p>고르시오 <em>하나</em></p>\n');
    expect(byText.has('고르시오 *하나*\nA. 첫째\nB. 둘째')).toBe(false);
    expect(byText.get('A')).toBe('<p>A</p>\n');
    // Plain questions and Markdown beyond the first questions are not rendered.
    expect([...byText.keys()].some((text) => text.startsWith('late'))).toBe(false);
    expect(rendered.length).toBe(4);
  });

  it('only when select asks for it', async () => {
    expect((await read('?select=id,title,questions')).rendered).toBeUndefined();
    expect(((await read('?select=questions,rendered')).rendered as Json[]).length).toBe(4);
    expect((await read('?select=id,title,rendered')).rendered).toBeUndefined();
  });

  it('a plain exam answers none', async () => {
    const file = await uploadBank(owner, `plain-${randomUUID().slice(0, 8)}.xlsx`, 2, false);
    const plain = await createExam(owner, { title: `plain ${randomUUID()}`, question_count: 2, file_id: file.id });
    const answer = (await (await owner.client.get(`/api/exam/${plain.id}/`)).json()) as Json;
    expect(answer.rendered).toEqual([]);
  });
});
