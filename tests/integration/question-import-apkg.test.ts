import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { fixtureUser } from '../support/fixture-users.js';
import { itemsOwnedBy } from '../support/exam-store.js';
import { apkgBytes } from '../support/anki-deck.js';
import { multipartForm } from '../support/sheets.js';
import { createExam } from '../support/exam-fixtures.js';
import { storedStat } from '../support/learner-records.js';
import { subscribe } from '../support/learner-queue-fixtures.js';
import { okJson } from '../support/responses.js';
import { queryAll } from '../../functions/runtime/data/paginate.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';
import { reviewLogEntity } from '../../functions/domains/learning/entities/review-log.js';
import { uniqueSuffix } from '../support/unique-suffix.js';

/* An Anki deck (.apkg) imported through the API: Basic notes as questions, in both languages' fields. */

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

describe('question import: Anki packages', () => {
  it.each([
    ['ko', 'anki2'],
    ['en', 'anki21b'],
  ] as const)(
    'a %s learner imports a %s deck; a cloze note becomes a card, the report lists media left out',
    async (language, layout) => {
      const user = await fixtureUser(apiUrl, { language });
      const deck = await apkgBytes(
        [
          { fields: ['<div>사과</div>', 'apple'], tags: 'fruit' },
          { fields: ['capital of <i>France</i>', 'Paris<br><img src="paris.jpg">', 'atlas'] },
          { fields: ['{{c1::Seoul}}', ''], cloze: true },
        ],
        layout,
      );
      const res = await user.client.request('POST', '/api/upload-questions/', {
        body: multipartForm({ is_public: 'false' }, { name: `${language}-deck.apkg`, bytes: deck }),
      });
      const body = (await res.json()) as Record<string, any>;
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.stats).toMatchObject({ imported: 3 });
      expect(body.report.format).toMatchObject({ kind: 'package', extension: 'apkg', source: 'apkg' });
      expect(body.report.deck).toEqual({ notes: 3, cloze_skipped: 0, media_skipped: ['paris.jpg'] });
      const pool = (await itemsOwnedBy(user.id))
        .filter((i) => i.type === 'QUESTION')
        .sort((a, b) => Number(a.order) - Number(b.order));
      expect(
        pool.map((q) => [q[`content_${language}`], q[`answer_${language}`], q[`explanation_${language}`]]),
      ).toEqual([
        ['사과', 'apple', 'Tags: fruit'],
        ['capital of France', 'Paris', 'Extra: Source: atlas'],
        ['[…]', 'Seoul', ''],
      ]);
      expect(pool[2]).toMatchObject({ cloze: 1, cloze_note: '{{c1::Seoul}}' });
    },
  );
});

describe('cloze cards from a deck to the memory model and back', () => {
  const NOTE = '{{c1::Seoul}} is the capital of {{c2::Korea::country}}; {{c1::Seoul}} has {{c3::$9.4$ million}} people';

  it('one card per gap: imported, answered in an exam, one FSRS card and review row each, exported and imported again', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const deck = await apkgBytes(
      [{ fields: [NOTE, 'since 1394'], cloze: true }, { fields: ['dog', 'Hund'] }],
      'anki21',
    );
    const upload = async (name: string, bytes: Buffer) => {
      const res = await user.client.request('POST', '/api/upload-questions/', {
        body: multipartForm({ is_public: 'false' }, { name, bytes }),
      });
      const body = (await res.json()) as Record<string, any>;
      expect(res.status, JSON.stringify(body)).toBe(200);
      return body;
    };
    const first = await upload(`cloze-${uniqueSuffix()}.apkg`, deck);
    expect(first.stats).toMatchObject({ imported: 4 });
    const created = await createExam(user, {
      title: `cloze ${uniqueSuffix()}`,
      question_count: 4,
      file_id: first.file.id,
      is_public: false,
    });
    const questions = (await okJson(await user.client.get(`/api/exam/${created.id}/questions/`))) as Record<
      string,
      any
    >[];
    const cards = questions.filter((q) => q.cloze !== undefined).sort((a, b) => a.cloze - b.cloze);
    expect(cards.map((q) => [q.cloze, q.content, q.answer])).toEqual([
      [1, '[…] is the capital of Korea; […] has $9.4$ million people', 'Seoul; Seoul'],
      [2, 'Seoul is the capital of [country]; Seoul has $9.4$ million people', 'Korea'],
      [3, 'Seoul is the capital of Korea; Seoul has […] people', '$9.4$ million'],
    ]);
    for (const card of cards) expect(card.cloze_note).toBe(NOTE);

    // The Review screen offers a gap as a new card of its own, showing the gap, never the answer.
    await subscribe(user, [created.id]);
    const page = await okJson(await user.client.get('/api/review-queue/'));
    const shown = page.cards.filter((c: any) => c.question.cloze !== undefined);
    // Siblings wait for another day (D371): one card of the note, and the dog, are new today.
    expect(shown).toHaveLength(1);
    expect(page.counts.new).toBe(2);
    for (const card of shown) {
      expect(card.question.content).not.toContain('{{c');
      expect(card.question.content).toContain(card.question.cloze === 2 ? '[country]' : '[…]');
    }

    // c1 typed for both of its gaps, c2 wrong, c3 leniently (case, final period): graded gap by gap.
    const answers = [
      { question_id: cards[0]!.id, answer: 'seoul; Seoul', elapsed_seconds: 4 },
      { question_id: cards[1]!.id, answer: 'Japan', elapsed_seconds: 5 },
      { question_id: cards[2]!.id, answer: '$9.4$ Million.', elapsed_seconds: 6 },
    ];
    const submit = await user.client.post('/api/submit-exam/', {
      exam_id: created.id,
      answers,
      elapsed_seconds: 15,
      submission_id: randomUUID(),
    });
    expect(submit.status, await submit.clone().text()).toBe(200);
    const stats = await Promise.all(cards.map((card) => storedStat(user.id, card.id)));
    // Each gap has its own memory state: Good for c1 and c3, Again for c2.
    expect(stats.map((stat) => [stat?.total_attempts, stat?.correct_attempts])).toEqual([
      [1, 1],
      [1, 0],
      [1, 1],
    ]);
    expect(new Set(stats.map((stat) => stat?.fsrs?.due)).size).toBeGreaterThan(1);
    const logged = await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': userPk(user.id), ':p': reviewLogEntity.skPrefix },
      ConsistentRead: true,
    });
    const rows = logged.flatMap((item) => reviewLogEntity.parse(item).reviews);
    // [question, rating (1 Again, 3 Good), …]: one row per card.
    expect(rows.map((row) => [row[0], row[1]]).sort()).toEqual(
      [
        [cards[0]!.id, 3],
        [cards[1]!.id, 1],
        [cards[2]!.id, 3],
      ].sort(),
    );
    for (const stat of stats) expect(stat?.fsrs).toMatchObject({ reps: 1 });

    // Exported to Anki text: one note with its gaps; imported again: the same cards.
    const exported = await user.client.get(`/api/question-files/${first.file.id}/export/?format=txt`);
    const text = await exported.text();
    expect(text).toContain(NOTE);
    expect(text.match(/\{\{c1::/g)).toHaveLength(2);
    const again = await upload(`again-${uniqueSuffix()}.txt`, Buffer.from(text));
    expect(again.stats).toMatchObject({ imported: 4 });
    const pool = (await itemsOwnedBy(user.id)).filter((i) => i.type === 'QUESTION' && i.file_id === again.file.id);
    expect(
      pool
        .filter((q) => q.cloze !== undefined)
        .map((q) => [q.cloze, q.content_en, q.answer_en, q.cloze_note])
        .sort(),
    ).toEqual(cards.map((q) => [q.cloze, q.content, q.answer, NOTE]).sort());
  });
});
