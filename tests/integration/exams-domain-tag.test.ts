import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

const json = async (res: Response) => (await res.json()) as Record<string, any>;
const port = new URL(apiUrl).port;

/**
 * docs/product.md#languages-and-hosts on the server: on a devops host every exam carries the DevOps tag and it cannot be
 * taken off. The host comes from x-viewer-host (CloudFront's viewer-request function; the local
 * adapter copies the request's Host), so these requests send a Host header from node:http.
 */
describe('special-domain default tag', () => {
  let user: FixtureUser;
  let devopsTagId: string;
  const onHost = (host: string) => ({ headers: { host: `${host}:${port}` } });

  beforeAll(async () => {
    user = await fixtureUser(apiUrl, { language: 'en' });
    user.client.localAddress = '127.0.0.1';
    const created = await json(await user.client.post('/api/tags/', { name_ko: 'DevOps', name_en: 'DevOps' }));
    devopsTagId = created.id ?? created.tag?.id;
    expect(devopsTagId).toBeTruthy();
  });

  it('applies the DevOps tag to an exam created on a devops host', async () => {
    const res = await user.client.post(
      '/api/create-exam/',
      { title: `Domain ${Date.now()}`, question_count: 0 },
      onHost('devops.quizbank.example'),
    );
    expect(res.status).toBe(200);
    const exam = (await json(res)).exam;
    expect(exam.tags.map((t: { id: string }) => t.id)).toContain(devopsTagId);
  });

  it('does not apply it on an ordinary host', async () => {
    const res = await user.client.post(
      '/api/create-exam/',
      { title: `Plain ${Date.now()}`, question_count: 0 },
      onHost('quizbank.example'),
    );
    expect((await json(res)).exam.tags).toEqual([]);
  });

  it('refuses to take it off on a devops host, and keeps it when other tags change', async () => {
    const { id } = await json(
      await user.client.post(
        '/api/create-exam/',
        { title: `Keep ${Date.now()}`, question_count: 0 },
        onHost('devops.quizbank.example'),
      ),
    );
    const removed = await user.client.patch(`/api/exam/${id}/update/`, { tags: [] }, onHost('devops.quizbank.example'));
    expect(removed.status).toBe(400);
    expect((await json(removed)).code).toBe('tag_required_domain');
    const after = await json(await user.client.get(`/api/exam/${id}/`));
    expect(after.tags.map((t: { id: string }) => t.id)).toEqual([devopsTagId]);
  });

  it('adds it when an untagged exam is retagged on a devops host', async () => {
    const { id } = await json(
      await user.client.post(
        '/api/create-exam/',
        { title: `Later ${Date.now()}`, question_count: 0 },
        onHost('quizbank.example'),
      ),
    );
    const res = await user.client.patch(`/api/exam/${id}/update/`, { tags: [] }, onHost('devops.quizbank.example'));
    expect(res.status).toBe(200);
    expect((await json(res)).tags.map((t: { id: string }) => t.id)).toEqual([devopsTagId]);
  });
});
