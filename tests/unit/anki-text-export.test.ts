import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeRows } from '#shared/domain/question-sheet.js';
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
