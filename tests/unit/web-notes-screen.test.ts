import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { hasCloze } from '../../shared/domain/cloze.js';
import { generateByRules } from '../../web/src/features/notes/generator/generate.js';
import {
  INITIAL_NOTES_STATE,
  notesReducer,
  savable,
  type ModelResult,
  type NotesAction,
  type NotesState,
} from '../../web/src/features/notes/hooks/notes-state.js';
import { defaultFileName, savedName } from '../../web/src/features/notes/utils/file-names.js';
import { notesSheet } from '../../web/src/features/notes/utils/notes-sheet.js';
import {
  declaredUnpackedBytes,
  NOTES_FILE_LIMITS,
  notesFileProblem,
  readNotesFile,
} from '../../web/src/features/notes/utils/read-notes-file.js';

const run = (actions: NotesAction[], from: NotesState = INITIAL_NOTES_STATE) => actions.reduce(notesReducer, from);
const result = generateByRules('Seoul is the capital of Korea. The Han River flows through Seoul.', 'en');

describe('notes screen state machine (docs/product.md#questions-from-notes)', () => {
  test('input → generating → review → saving → saved', () => {
    const review = run([
      { type: 'textChanged', text: 'notes' },
      { type: 'generating' },
      { type: 'progressed', share: 0.5 },
      { type: 'generated', result, fileName: 'notes.csv' },
    ]);
    expect(review.phase).toBe('review');
    expect(review.candidates.every((c) => c.kept)).toBe(true);
    const saved = run(
      [{ type: 'saving' }, { type: 'saved', saved: { name: 'notes.csv', stats: {} as never, report: {} as never } }],
      review,
    );
    expect(saved.phase).toBe('saved');
    expect(run([{ type: 'saveFailed', error: 'x' }], run([{ type: 'saving' }], review))).toMatchObject({
      phase: 'review',
      saveError: 'x',
    });
  });

  test('no candidates sends the learner back to the input with a reason', () => {
    const empty = { ...result, candidates: [] };
    expect(run([{ type: 'generating' }, { type: 'generated', result: empty, fileName: '' }])).toMatchObject({
      phase: 'input',
      problem: 'noCandidates',
    });
  });

  test('editing a cloze reads its answers from the gaps; dropped ones are not saved', () => {
    const review = run([{ type: 'generating' }, { type: 'generated', result, fileName: 'n.csv' }]);
    const first = review.candidates[0]!;
    const edited = run(
      [
        { type: 'edited', id: first.id, content: '{{c1::Seoul}} lies on the {{c2::Han River}}.' },
        { type: 'kept', id: review.candidates[1]?.id ?? '', kept: false },
      ],
      review,
    );
    expect(edited.candidates[0]?.answers).toEqual(['Seoul', 'Han River']);
    expect(savable(edited).map((c) => c.id)).not.toContain(review.candidates[1]?.id);
    expect(savable(run([{ type: 'allKept', kept: false }], edited))).toEqual([]);
  });

  test('property: actions out of turn never leave the known phases or lose the text', () => {
    const action = fc.constantFrom<NotesAction>(
      { type: 'textChanged', text: 'a' },
      { type: 'generating' },
      { type: 'generated', result, fileName: 'f.csv' },
      { type: 'saving' },
      { type: 'saveFailed', error: 'e' },
      { type: 'backToInput' },
      { type: 'fileReading', name: 'x.txt' },
      { type: 'fileRead', name: 'x.txt', text: 'b' },
      { type: 'refused', problem: 'noText' },
      { type: 'allKept', kept: false },
      { type: 'generating', tier: 'model' },
      { type: 'modelGenerated', result: modelResult, language: 'en', fileName: 'm.csv' },
      { type: 'modelFailed', error: 'busy' },
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        const end = run(actions);
        expect(['input', 'reading', 'generating', 'review', 'saving', 'saved']).toContain(end.phase);
        if (end.phase === 'review' || end.phase === 'saving') expect(end.candidates.length).toBeGreaterThan(0);
      }),
    );
  });
});

const modelResult: ModelResult = {
  candidates: [
    {
      content: '{{c1::Seoul}} is the capital of {{c2::Korea}}.',
      answer: 'Seoul',
      source: 'Seoul is the capital of Korea.',
      tier: 'model',
    },
    {
      content: 'Which river flows through Seoul?',
      answer: 'The Han River',
      source: 'The Han River flows through Seoul.',
      tier: 'model',
    },
  ],
  dropped: 2,
  calls_left: 19,
};

describe('notes screen state machine: the model tier', () => {
  test('input → generating by the model → review of model cards, labelled with their tier', () => {
    const generating = run([
      { type: 'textChanged', text: 'notes' },
      { type: 'generating', tier: 'model' },
    ]);
    expect(generating).toMatchObject({ phase: 'generating', tier: 'model' });
    // The rules' answer cannot land on a model call (and the other way round).
    expect(run([{ type: 'generated', result, fileName: 'r.csv' }], generating).phase).toBe('generating');
    const review = run(
      [{ type: 'modelGenerated', result: modelResult, language: 'en', fileName: 'm.csv' }],
      generating,
    );
    expect(review).toMatchObject({ phase: 'review', tier: 'model', modelDropped: 2, modelCallsLeft: 19 });
    expect(review.candidates.map((c) => [c.tier, c.kind, c.answers])).toEqual([
      ['model', 'cloze', ['Seoul', 'Korea']],
      ['model', 'question', ['The Han River']],
    ]);
    // A question's typed answer is edited as such; the saved sheet names the tier.
    const edited = run([{ type: 'edited', id: 'model-1', answer: 'Han River' }], review);
    expect(edited.candidates[1]!.answers).toEqual(['Han River']);
    const csv = notesSheet(savable(edited), 'en', (c) => `Source: ${c.source} (made by ${c.tier})`);
    expect(parse(csv, { from_line: 2 })).toEqual([
      [
        '{{c1::Seoul}} is the capital of {{c2::Korea}}.',
        // A cloze row's answers are its gaps: its answer column would be read as extra text.
        '',
        'Source: Seoul is the capital of Korea. (made by model)',
      ],
      ['Which river flows through Seoul?', 'Han River', 'Source: The Han River flows through Seoul. (made by model)'],
    ]);
    expect(run([{ type: 'generating' }], run([{ type: 'backToInput' }], review)).tier).toBe('rules');
  });

  test('a failed or refused model call returns to the notes with the reason; none kept says so', () => {
    const generating = run([
      { type: 'textChanged', text: 'notes' },
      { type: 'generating', tier: 'model' },
    ]);
    expect(run([{ type: 'modelFailed', error: 'Try again in 30 seconds.' }], generating)).toMatchObject({
      phase: 'input',
      text: 'notes',
      modelError: 'Try again in 30 seconds.',
    });
    expect(run([{ type: 'refused', problem: 'modelOff' }], generating)).toMatchObject({
      phase: 'input',
      problem: 'modelOff',
    });
    const none = { ...modelResult, candidates: [], dropped: 5 };
    expect(run([{ type: 'modelGenerated', result: none, language: 'ko', fileName: '' }], generating)).toMatchObject({
      phase: 'input',
      problem: 'noCandidates',
      modelDropped: 5,
    });
    // A model answer arriving when no model call is running is ignored.
    expect(run([{ type: 'modelGenerated', result: modelResult, language: 'en', fileName: '' }]).phase).toBe('input');
  });
});

describe('the saved sheet', () => {
  test('a CSV the importer reads back: header, cloze content, answers and source with its tier', () => {
    const csv = notesSheet(result.candidates, 'en', (c) => `Source: ${c.source} (${c.tier})`);
    const rows = parse(csv) as string[][];
    expect(rows[0]).toEqual(['Question Content', 'Answer', 'Explanation']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(result.candidates.map((c) => c.content));
    expect(rows[1]?.[2]).toContain('(rules)');
    expect(notesSheet([], 'ko', () => '').startsWith('"문제 내용","정답","설명"\r\n')).toBe(true);
  });

  test('a cloze row leaves its answer empty (its gaps are the answers); a question keeps its answer', () => {
    const base = result.candidates[0]!;
    const cloze = { ...base, kind: 'cloze' as const, content: 'The {{c1::Han}} river', answers: ['Han'] };
    const definition = { ...base, kind: 'definition' as const, content: 'What is Seoul?', answers: ['a city'] };
    const rows = parse(notesSheet([cloze, definition], 'en', () => 'src')) as string[][];
    expect(rows.slice(1)).toEqual([
      ['The {{c1::Han}} river', '', 'src'],
      ['What is Seoul?', 'a city', 'src'],
    ]);
  });

  test('property: any text survives the CSV round trip', () => {
    const texts = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom('"', '""', '\r\n', ',', '{{c1::a}}'),
    );
    fc.assert(
      fc.property(texts, texts, fc.array(texts, { minLength: 1, maxLength: 3 }), (content, source, answers) => {
        const candidate = { ...result.candidates[0]!, content, source, answers };
        const rows = parse(
          notesSheet([candidate], 'en', (c) => c.source),
          { relax_quotes: false },
        ) as string[][];
        expect(rows[1]).toEqual([content, hasCloze(content) ? '' : answers.join(', '), source]);
      }),
    );
  });

  test('file names', () => {
    expect(savedName('  my/notes.csv ')).toBe('my notes.csv');
    expect(savedName('')).toBe('notes.csv');
    expect(defaultFileName('Biology ch.3.docx', new Date('2026-01-02T03:04:00Z'))).toBe(
      'Biology ch3 2026-01-02-0304.csv',
    );
  });
});

describe('notes files are checked before they are parsed', () => {
  test('extension, empty, and the size cap (a 50 MB file is refused unread)', () => {
    expect(notesFileProblem({ name: 'a.exe', size: 10 })).toBe('extension');
    expect(notesFileProblem({ name: 'a.md', size: 0 })).toBe('empty');
    expect(notesFileProblem({ name: 'a.pdf', size: 50 * 1024 * 1024 })).toBe('tooLarge');
    expect(notesFileProblem({ name: 'a.docx', size: 1000 })).toBeNull();
  });

  test('a .docx zip bomb is refused from its declared sizes, before mammoth', async () => {
    const bomb = declaring(
      zipSync({ 'word/document.xml': new Uint8Array(4096) }),
      NOTES_FILE_LIMITS.maxDocxUnpackedBytes + 1,
    );
    expect(await declaredUnpackedBytes(bomb)).toBe(NOTES_FILE_LIMITS.maxDocxUnpackedBytes + 1);
    const read = await readNotesFile(new File([bomb], 'bomb.docx'));
    expect(read).toEqual({ ok: false, problem: 'unpackedTooLarge' });
  });

  test('a PDF without a text layer, and a file that is no PDF, say "no text found"', async () => {
    const blank = blankPdf();
    expect(await readNotesFile(new File([blank], 'scan.pdf'))).toEqual({ ok: false, problem: 'noText' });
    expect(await readNotesFile(new File(['not a pdf at all'], 'x.pdf'))).toEqual({ ok: false, problem: 'noText' });
  });

  test('text and Markdown are read as they are, without a byte order mark', async () => {
    expect(await readNotesFile(new File(['\uFEFF# 제목\n서울은 수도이다.'], 'n.md'))).toEqual({
      ok: true,
      text: '# 제목\n서울은 수도이다.',
    });
  });
});

/** A zip whose one entry declares `size` unpacked bytes (in its local and central headers): a bomb's shape, built fast. */
function declaring(zip: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let i = 0; i + 4 <= zip.length; i += 1) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return new Uint8Array(zip);
}

/** A one-page PDF with no text: what a scanned, image-only page gives a text extractor. */
function blankPdf(): Uint8Array<ArrayBuffer> {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    '<< /Length 0 >>\nstream\n\nendstream',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
