import { beforeAll, describe, expect, inject, it } from 'vitest';
import { clozeQuestion, hasCloze } from '../../shared/domain/cloze.js';
import type { TextFormat } from '../../shared/domain/rich-text.js';
import { readGaps } from '../../web/src/features/notes/generator/cloze-text.js';
import { generateByRules } from '../../web/src/features/notes/generator/generate.js';
import { notesSheet } from '../../web/src/features/notes/utils/notes-sheet.js';
import { NOTES_PASSAGES } from '../data/notes-passages.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { questionPoolOf, uploadQuestionFile } from '../support/question-pool.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * docs/product.md#questions-from-notes: what the notes screen saves is an ordinary private
 * question file. A cloze candidate becomes one question per gap number, its answer that gap's text
 * and its explanation the source with its tier only (no answers repeated as Anki's "Back Extra");
 * any other candidate is one question with its answer.
 */
describe('notes saved as a question file', () => {
  let user: FixtureUser;
  beforeAll(async () => {
    user = await fixtureUser(apiUrl, { language: 'ko' });
  });

  it('every kept candidate is imported privately: one question per gap, its answer from the gap, its source', async () => {
    const notes = NOTES_PASSAGES.filter((p) => p.id.startsWith('ko-sci') || p.id.startsWith('en-it'));
    const candidates = notes.flatMap((p) => generateByRules(p.text, p.language).candidates);
    const source = (c: (typeof candidates)[number]) => `출처: ${c.source} (만든 방식: ${c.tier})`;
    const csv = notesSheet(candidates, 'ko', source);
    // What the import should make of each candidate, worked out from the candidate alone.
    interface ExpectedQuestion {
      note: string | null;
      number: number | null;
      answer: string | undefined;
      source: string;
    }
    const expected = candidates.flatMap((c): ExpectedQuestion[] => {
      if (!hasCloze(c.content)) return [{ note: null, number: null, answer: c.answers.join(', '), source: source(c) }];
      const numbers = [...new Set(readGaps(c.content).map((g) => g.number))].sort((a, b) => a - b);
      return numbers.map((n) => ({ note: c.content, number: n, answer: c.answers[n - 1], source: source(c) }));
    });
    expect(expected.filter((e) => e.note !== null).length).toBeGreaterThan(0);
    expect(expected.some((e) => e.note === null)).toBe(true);
    expect(expected.some((e) => e.number === 2)).toBe(true);

    const { status, body } = await uploadQuestionFile(user, 'notes.csv', Buffer.from(csv));
    expect(status).toBe(200);
    expect(body.stats).toMatchObject({ total_rows: candidates.length, imported: expected.length, skipped: 0 });
    expect(body.file).toMatchObject({ name: 'notes.csv', is_public: false, max_questions: expected.length });

    const pool = await questionPoolOf(user);
    expect(pool).toHaveLength(expected.length);
    for (const [i, question] of pool.entries()) {
      const want = expected[i]!;
      expect(question.answer_ko).toBe(want.answer);
      expect(question.explanation_ko).toBe(want.source);
      if (want.note === null) {
        expect(question.cloze).toBeUndefined();
        continue;
      }
      expect(question).toMatchObject({ cloze: want.number, cloze_note: want.note });
      // The question side hides its own gap and never shows the cloze syntax.
      expect(question.content_ko).toBe(clozeQuestion(want.note, want.number!, question.format as TextFormat));
      expect(String(question.content_ko)).not.toContain('{{c');
    }
  });
});
