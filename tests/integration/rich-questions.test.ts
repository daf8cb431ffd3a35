import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';

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
