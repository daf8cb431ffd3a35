import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeRows, type SheetQuestion } from '#shared/domain/question-sheet.js';
import { exportQuestions } from '../../functions/domains/files/exporter.js';
import { readQuestionSheet } from '../../functions/domains/files/importer/import.js';
import { readerReport } from '../../functions/domains/files/importer/parsed-sheet.js';

/** The questions an Anki text export becomes, read as the importer reads it (no writes). */
async function read(text: string, name = 'deck.txt') {
  const sheet = await readQuestionSheet(new TextEncoder().encode(text), name);
  const outcome = normalizeRows(sheet.rows, sheet.mapping, sheet.lines);
  if (!outcome.ok) throw new Error(outcome.code);
  return { ...outcome, ...readerReport(sheet.sheet, outcome.skipped_rows), sheet };
}

/** "Notes in Plain Text" as Anki 2.1.55+ writes it, with our own notes. */
const HEADER = [
  '#separator:tab',
  '#html:true',
  '#guid column:1',
  '#notetype column:2',
  '#deck column:3',
  '#tags column:6',
];
const NOTES = [
  ['Ab3$xK9!qz', 'Basic', 'Korean::Animals', '고양이', '<b>cat</b>', 'noun animal'],
  ['Cd5%yL0&rw', 'Basic (and reversed card)', 'Korean::Animals', '개', 'dog &amp; puppy', ''],
  ['Ef7^zM1*sv', 'Cloze', 'Korean::Grammar', '{{c1::서울}}은 수도입니다', '', 'grammar'],
  ['Gh9(aN2)tu', 'Image Occlusion', 'Korean::Maps', '{{c1::image-occlusion:rect:left=.1}}', '', ''],
  ['Ij1)bO3-ts', 'Basic (type in the answer)', 'Korean', '물', 'water', ''],
];
const EXPORT = [...HEADER, ...NOTES.map((n) => n.join('\t'))].join('\n') + '\n';

describe("Anki's text export headers", () => {
  it('reads each column by its role: GUID as the id, fields as question and answer, deck and tags kept', async () => {
    const result = await read(EXPORT);
    expect(result.sheet.sheet.format.source).toBe('anki');
    expect(result.questions.map((q) => [q.csv_id, q.content, q.answer])).toEqual([
      ['Ab3$xK9!qz', '고양이', 'cat'],
      ['Cd5%yL0&rw', '개', 'dog & puppy'],
      ['Ef7^zM1*sv-c1', '[…]은 수도입니다', '서울'],
      ['Ij1)bO3-ts', '물', 'water'],
    ]);
    expect(result.questions[2]).toMatchObject({ cloze: 1, cloze_note: '{{c1::서울}}은 수도입니다' });
    expect(result.questions[0]!.explanation).toBe('Deck: Korean::Animals\nTags: noun animal');
    expect(result.questions[3]!.explanation).toBe('Deck: Korean');
    // No question carries the note type, the GUID or the deck as its text.
    for (const q of result.questions) expect(`${q.content} ${q.answer}`).not.toMatch(/Basic|Korean|\$/);
  });

  it('lists Image Occlusion notes, and Cloze notes without a gap, by type and line, never as other questions', async () => {
    const result = await read(EXPORT);
    expect(result.types_skipped).toEqual([{ name: 'Image Occlusion', count: 1 }]);
    expect(result.skipped_rows).toEqual([{ line: 10, reason: 'unsupported_type', type: 'Image Occlusion' }]);
    const gapless = await read(
      [...HEADER, ['x1', 'Cloze', 'D', 'no gap', '', ''].join('\t'), NOTES[0]!.join('\t')].join('\n'),
    );
    expect(gapless.skipped_rows).toEqual([{ line: 7, reason: 'unsupported_type', type: 'Cloze' }]);
  });

  it('honours #notetype:, #deck: and #tags: for the whole file, and a cloze field without a type column', async () => {
    const text = [
      '#separator:Comma',
      '#html:false',
      '#notetype:Basic',
      '#deck:Spanish',
      '#tags:imported',
      'hola,hello',
      '"{{c1::adiós}} means bye",',
      'gato,cat',
    ].join('\n');
    const result = await read(text, 'spanish.csv');
    expect(result.questions.map((q) => [q.content, q.answer, q.explanation])).toEqual([
      ['hola', 'hello', 'Deck: Spanish\nTags: imported'],
      ['[…] means bye', 'adiós', 'Deck: Spanish\nTags: imported'],
      ['gato', 'cat', 'Deck: Spanish\nTags: imported'],
    ]);
    expect(result.skipped_rows).toEqual([]);
  });

  it('keeps a further field as an extra line and names it from #columns:', async () => {
    const text = [
      '#separator:tab',
      '#html:false',
      '#columns:GUID\tNotetype\tFront\tBack\tExample\tTags',
      'g1\tVocab\tlibro\tbook\tUn libro rojo\tnoun',
    ].join('\n');
    const result = await read(text);
    expect(result.questions[0]).toMatchObject({
      csv_id: 'g1',
      content: 'libro',
      answer: 'book',
      explanation: 'Example: Un libro rojo\nTags: noun',
    });
  });

  it('an export without role columns reads as before (our own Anki export, a two-column file)', async () => {
    const result = await read('#separator:tab\n#html:false\nFront\tBack\ncat\t고양이\n');
    expect(result.questions.map((q) => [q.content, q.answer])).toEqual([['cat', '고양이']]);
  });

  it('every note is a question or a listed skipped note, and keeps its GUID', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({
            guid: fc.stringMatching(/^[A-Za-z0-9!$%&()*+\-./:;<=>?@[\]^_{|}~]{10}$/),
            type: fc.constantFrom('Basic', 'Basic (and reversed card)', 'Cloze', 'Image Occlusion', 'My words'),
            front: fc.stringMatching(/^[a-z가-힣]{1,8}$/),
            back: fc.stringMatching(/^[a-z가-힣]{1,8}$/),
          }),
          { minLength: 1, maxLength: 30, selector: (n) => n.guid },
        ),
        async (notes) => {
          const text = [...HEADER, ...notes.map((n) => [n.guid, n.type, 'Deck', n.front, n.back, ''].join('\t'))].join(
            '\n',
          );
          const readable = notes.filter((n) => !/Cloze|Occlusion/.test(n.type));
          if (readable.length === 0) {
            await expect(read(text)).rejects.toThrow('sheet_no_questions');
            return;
          }
          const result = await read(text);
          expect(result.questions.map((q) => q.csv_id)).toEqual(readable.map((n) => n.guid));
          expect(result.questions.map((q) => q.answer)).toEqual(readable.map((n) => n.back));
          expect(result.skipped_rows).toHaveLength(notes.length - readable.length);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('cloze notes both ways', () => {
  const card = (q: SheetQuestion) => [q.csv_id, q.content, q.answer, q.explanation, q.cloze, q.cloze_note];

  it("Anki's Cloze export → our cards → our Anki text → the same cards and the same note", async () => {
    const note = '{{c1::서울}}은 {{c2::대한민국::나라}}의 수도이고 {{c1::서울}}의 인구는 {{c3::약 940만}} 명이다';
    const text = [...HEADER, ['Kl2~cP4=wv', 'Cloze', 'Geo', note, '1394년부터', 'capital'].join('\t')].join('\n');
    const first = await read(text);
    expect(first.questions.map((q) => [q.csv_id, q.content, q.answer])).toEqual([
      ['Kl2~cP4=wv-c1', '[…]은 대한민국의 수도이고 […]의 인구는 약 940만 명이다', '서울; 서울'],
      ['Kl2~cP4=wv-c2', '서울은 [나라]의 수도이고 서울의 인구는 약 940만 명이다', '대한민국'],
      ['Kl2~cP4=wv-c3', '서울은 대한민국의 수도이고 서울의 인구는 […] 명이다', '약 940만'],
    ]);
    const exported = new TextDecoder().decode(exportQuestions(first.questions, 'ko', 'txt', 'geo').bytes);
    // One record for the note, its gaps as Anki writes them.
    expect(exported.split('\n').filter((line) => line.includes('{{c'))).toHaveLength(1);
    expect(exported).toContain(note);
    const again = await read(exported);
    expect(again.questions.map(card)).toEqual(first.questions.map(card));
  });

  it('any note survives export and import: the same cards, numbers and notes', async () => {
    const word = fc.stringMatching(/^[a-z가-힣]{1,6}$/);
    const gap = fc.record({
      number: fc.integer({ min: 1, max: 4 }),
      answer: word,
      hint: fc.option(word, { nil: null }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(word, gap), { minLength: 1, maxLength: 5 }), word, async (pieces, tail) => {
        const note =
          pieces
            .map(([text, g]) => `${text} {{c${g.number}::${g.answer}${g.hint === null ? '' : `::${g.hint}`}}}`)
            .join(' ') + ` ${tail}`;
        const sheet = normalizeRows([['1', note, '']], { csv_id: 0, content: 1, answer: 2 });
        if (!sheet.ok) throw new Error(sheet.code);
        expect(sheet.questions.map((q) => q.cloze)).toEqual([...new Set(pieces.map(([, g]) => g.number))].sort());
        for (const q of sheet.questions) expect(q.content).not.toContain('{{c');
        const exported = new TextDecoder().decode(exportQuestions(sheet.questions, 'en', 'txt', 'n').bytes);
        const again = await read(exported);
        expect(again.questions.map(card)).toEqual(sheet.questions.map(card));
      }),
      { numRuns: 40 },
    );
  });
});
