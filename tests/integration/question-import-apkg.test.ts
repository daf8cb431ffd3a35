import { describe, expect, inject, it } from 'vitest';
import { fixtureUser } from '../support/fixture-users.js';
import { itemsOwnedBy } from '../support/exam-store.js';
import { apkgBytes } from '../support/anki-deck.js';
import { multipartForm } from '../support/sheets.js';

/* An Anki deck (.apkg) imported through the API: Basic notes as questions, in both languages' fields. */

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

describe('question import: Anki packages', () => {
  it.each([
    ['ko', 'anki2'],
    ['en', 'anki21b'],
  ] as const)(
    'a %s learner imports a %s deck; the report lists cloze notes and media left out',
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
      expect(body.stats).toMatchObject({ imported: 2 });
      expect(body.report.format).toMatchObject({ kind: 'package', extension: 'apkg', source: 'apkg' });
      expect(body.report.deck).toEqual({ notes: 3, cloze_skipped: 1, media_skipped: ['paris.jpg'] });
      const pool = (await itemsOwnedBy(user.id))
        .filter((i) => i.type === 'QUESTION')
        .sort((a, b) => Number(a.order) - Number(b.order));
      expect(
        pool.map((q) => [q[`content_${language}`], q[`answer_${language}`], q[`explanation_${language}`]]),
      ).toEqual([
        ['사과', 'apple', 'Tags: fruit'],
        ['capital of France', 'Paris', 'Extra: Source: atlas'],
      ]);
    },
  );
});
