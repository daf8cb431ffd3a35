import { describe, expect, inject, it } from 'vitest';
import { seedDemo } from '../../local/seed.js';
import { anonymousClient } from '../support/fixture-users.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

describe('local demo seed', () => {
  it('writes a Korean and an English bank with a public exam each, once', async () => {
    const first = await seedDemo();
    const second = await seedDemo();
    expect([first, second]).toContain(false);
    const anon = await anonymousClient(apiUrl);
    for (const title of ['쿠버네티스 기초', 'Kubernetes Basics']) {
      const res = await anon.get(`/api/exams/?search=${encodeURIComponent(title)}`);
      const { results } = (await res.json()) as {
        results: { id: string; total_questions: number; tags: { name_en: string }[] }[];
      };
      expect(results).toHaveLength(1);
      expect(results[0]!.total_questions).toBe(10);
      expect(results[0]!.tags.map((t) => t.name_en)).toEqual(['DevOps', 'Kubernetes', 'CI/CD']);
      const exam = (await (await anon.get(`/api/exam/${results[0]!.id}/`)).json()) as {
        questions: { answer: string }[];
      };
      expect(exam.questions.every((q) => q.answer.length > 0)).toBe(true);
    }
  });
});
