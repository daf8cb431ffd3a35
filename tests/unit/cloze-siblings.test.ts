import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clozeSiblingsToBury } from '../../functions/domains/exams/cloze-siblings.js';

const card = (id: string, note: string | null, file = 'f1') =>
  note === null ? { id, file_id: file } : { id, file_id: file, cloze: Number(id.slice(-1)) || 1, cloze_note: note };

describe('cloze siblings (D371)', () => {
  it('offers one card of a note a day; one studied today buries its offerable siblings', () => {
    const questions = [card('a1', 'A'), card('a2', 'A'), card('a3', 'A'), card('b1', 'B'), card('q', null)];
    const offerable = new Set(['a1', 'a2', 'a3', 'b1', 'q']);
    expect(clozeSiblingsToBury(questions, { offerable, studiedToday: () => false })).toEqual(new Set(['a2', 'a3']));
    // a2 was graded today and waits in its learning step: it stays, a1 and a3 wait for tomorrow.
    expect(clozeSiblingsToBury(questions, { offerable, studiedToday: (id) => id === 'a2' })).toEqual(
      new Set(['a1', 'a3']),
    );
    // A sibling that is not due today neither counts nor hides the one that is.
    expect(clozeSiblingsToBury(questions, { offerable: new Set(['a3']), studiedToday: () => false })).toEqual(
      new Set(),
    );
    // The same note text in another file is another note.
    expect(
      clozeSiblingsToBury([card('x1', 'A', 'f1'), card('y1', 'A', 'f2')], {
        offerable: new Set(['x1', 'y1']),
        studiedToday: () => false,
      }),
    ).toEqual(new Set());
  });

  it('never buries a card studied today, an unofferable card or another question; leaves one of each note offered', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ note: fc.constantFrom('A', 'B', null), offer: fc.boolean(), studied: fc.boolean() }), {
          maxLength: 12,
        }),
        (specs) => {
          const questions = specs.map((spec, i) => card(`q${i}`, spec.note));
          const offerable = new Set(specs.flatMap((spec, i) => (spec.offer ? [`q${i}`] : [])));
          const studied = new Set(specs.flatMap((spec, i) => (spec.studied ? [`q${i}`] : [])));
          const buried = clozeSiblingsToBury(questions, { offerable, studiedToday: (id) => studied.has(id) });
          for (const id of buried) {
            const spec = specs[Number(id.slice(1))]!;
            expect(spec.note).not.toBeNull();
            expect(offerable.has(id) && !studied.has(id)).toBe(true);
          }
          for (const note of ['A', 'B']) {
            const left = specs.filter(
              (spec, i) => spec.note === note && offerable.has(`q${i}`) && !buried.has(`q${i}`),
            );
            const anyStudied = specs.some((spec) => spec.note === note && spec.studied);
            if (!anyStudied) expect(left.length).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });
});
