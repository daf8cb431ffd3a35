import { beforeAll, describe, expect, inject, it } from 'vitest';
import { generateByRules } from '../../web/src/features/notes/generator/generate.js';
import { notesSheet } from '../../web/src/features/notes/utils/notes-sheet.js';
import { NOTES_PASSAGES } from '../data/notes-passages.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { questionPoolOf, uploadQuestionFile } from '../support/question-pool.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * docs/product.md#questions-from-notes: what the notes screen saves is an ordinary private
 * question file; the import keeps the cloze text, the answers, and the source with its tier.
 */
describe('notes saved as a question file', () => {
  let user: FixtureUser;
  beforeAll(async () => {
    user = await fixtureUser(apiUrl, { language: 'ko' });
  });

  it('every kept candidate is imported as written, privately, with its source', async () => {
    const notes = NOTES_PASSAGES.filter((p) => p.id.startsWith('ko-sci') || p.id.startsWith('en-it'));
    const candidates = notes.flatMap((p) => generateByRules(p.text, p.language).candidates);
    const csv = notesSheet(candidates, 'ko', (c) => `출처: ${c.source} (만든 방식: ${c.tier})`);
    const { status, body } = await uploadQuestionFile(user, 'notes.csv', Buffer.from(csv));
    expect(status).toBe(200);
    expect(body.stats).toMatchObject({ total_rows: candidates.length, imported: candidates.length, skipped: 0 });
    expect(body.file).toMatchObject({ name: 'notes.csv', is_public: false, max_questions: candidates.length });

    const pool = await questionPoolOf(user);
    expect(pool.map((q) => q.content_ko)).toEqual(candidates.map((c) => c.content));
    expect(pool.map((q) => q.answer_ko)).toEqual(candidates.map((c) => c.answers.join(', ')));
    for (const [i, question] of pool.entries()) {
      expect(question.explanation_ko).toBe(`출처: ${candidates[i]?.source} (만든 방식: rules)`);
    }
    expect(pool.some((q) => /\{\{c1::[^}]+\}\}/.test(String(q.content_ko)))).toBe(true);
  });
});
