import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeRows } from '#shared/domain/question-sheet.js';
import { readAiken, looksLikeAiken } from '../../functions/domains/files/importer/aiken.js';
import { looksLikeGift, readGift, unescapeGift } from '../../functions/domains/files/importer/gift.js';
import { readQuestionSheet } from '../../functions/domains/files/importer/import.js';
import { parseSheet } from '../../functions/domains/files/importer/parse.js';
import { AppError } from '../../functions/runtime/http/app-error.js';
import { readMoodleXml } from '../../functions/domains/files/importer/moodle-xml.js';
import { readerReport } from '../../functions/domains/files/importer/parsed-sheet.js';
import { quizFormat, quizSheet } from '../../functions/domains/files/importer/quiz-records.js';

const bytes = (text: string) => new TextEncoder().encode(text);

/** The questions a file becomes and the report's skipped lines, read as the importer reads it (no writes). */
async function read(name: string, text: string) {
  const sheet = await readQuestionSheet(bytes(text), name);
  const outcome = normalizeRows(sheet.rows, sheet.mapping, sheet.lines);
  if (!outcome.ok) throw new Error(outcome.code);
  return { ...outcome, ...readerReport(sheet.sheet, outcome.skipped_rows), format: sheet.sheet.format };
}

const GIFT = `// A quiz we wrote for the tests
$CATEGORY: $course$/Capitals

::Korea::What is the capital of Korea? {
  =Seoul#Right, Seoul.
  ~Busan#Busan is a port.
  ~Incheon
  ####Seoul has been the capital since 1394.
}

::Sun::The sun rises in the east.{T#It sets in the west.}

Two plus two is {=4 =four} .

::Pi:: Pi to two places? {#3.14:0.005}

Choose the primes. {~%50%2 ~%50%3 ~%-100%4}

Match them. {=cat -> 고양이 =dog -> 개}

Write an essay about rivers. {}

A curly \\{brace\\} and an equals sign \\= read as text. {=ok}

This is just a description with no answers.

Broken {=never closed
`;

describe('GIFT (Moodle)', () => {
  it('reads multiple choice, true/false, short answer and numerical, and lists what it cannot read', async () => {
    const result = await read('quiz.gift', GIFT);
    expect(result.format.source).toBe('gift');
    const byTitle = (t: string) => result.questions.find((q) => q.title === t)!;
    const korea = byTitle('Korea');
    expect(korea.content).toBe('What is the capital of Korea?\n1) Seoul\n2) Busan\n3) Incheon');
    expect(korea.answer).toBe('1');
    expect(korea.explanation).toContain('Seoul has been the capital since 1394.');
    expect(korea.explanation).toContain('Seoul: Right, Seoul.');
    expect(korea.explanation).toContain('Category: Capitals');
    const sun = byTitle('Sun');
    expect(sun.content).toBe('The sun rises in the east.\n1) True\n2) False');
    expect(sun.answer).toBe('1');
    expect(sun.explanation).toContain('It sets in the west.');
    expect(result.questions.find((q) => q.content.startsWith('Two plus two'))!.answer).toBe('4|four');
    const pi = byTitle('Pi');
    expect(pi.answer).toBe('3.14');
    expect(pi.explanation).toContain('3.14 ± 0.005');
    expect(result.questions.find((q) => q.content.startsWith('Choose the primes'))!.answer).toBe('1,2');
    const escaped = result.questions.find((q) => q.content.startsWith('A curly'))!;
    expect(escaped.content).toBe('A curly {brace} and an equals sign = read as text.');
    expect(result.questions).toHaveLength(6);
    expect(result.skipped_rows.map((s) => [s.reason, s.type])).toEqual([
      ['unsupported_type', 'matching'],
      ['unsupported_type', 'essay'],
      ['unsupported_type', 'description'],
      ['unreadable_record', undefined],
    ]);
    expect(result.types_skipped).toEqual([
      { name: 'matching', count: 1 },
      { name: 'essay', count: 1 },
      { name: 'description', count: 1 },
    ]);
    // Lines are the file's: the essay question is on its own line.
    const essayLine = GIFT.split('\n').findIndex((l) => l.startsWith('Write an essay')) + 1;
    expect(result.skipped_rows.find((s) => s.type === 'essay')!.line).toBe(essayLine);
  });

  it('reads a missing-word question, a numeric range and the [html] marker', () => {
    const { records } = readGift(
      'The {~cat =dog ~cow} barks.\n\nHow many? {#1..5}\n\n[html]<p>Bold <b>one</b></p>{=yes}\n',
    );
    expect(records[0]!.question).toBe('The _____ barks.');
    expect(records[1]!.answer).toBe('3');
    expect(records[1]!.explanation).toContain('1..5');
    expect(records[2]!.question).toBe('Bold one');
  });

  it('is recognised in a .txt by its shape, and a tab-separated .txt is not', async () => {
    expect(looksLikeGift(GIFT)).toBe(true);
    expect(looksLikeGift('question\tanswer\nWhat {is} this?\tx\n')).toBe(false);
    expect((await read('quiz.txt', GIFT)).format.source).toBe('gift');
    expect((await read('cards.txt', 'question\tanswer\nWhat is 1+1?\t2\n')).format.source).toBe('delimited');
  });

  it('unescapes every escape GIFT defines, and nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '~', '=', '#', '{', '}', ':', 'n', 'x') }), (s) => {
        const escaped = s.replace(/[~=#{}:]/g, (c) => `\\${c}`);
        expect(unescapeGift(escaped)).toBe(s.trim());
      }),
    );
  });
});

const AIKEN = `What is the capital of France?
A. Paris
B. Lyon
C. Nice
ANSWER: A

Which are even numbers?
A) 2
B) 3
C) 4
ANSWER: A, C

No answer line here
A. one
B. two

Which letter is missing?
A. x
B. y
ANSWER: D
`;

describe('Aiken', () => {
  it('reads questions, several right letters, and lists broken records by line', async () => {
    expect(looksLikeAiken(AIKEN)).toBe(true);
    const result = await read('aiken.txt', AIKEN);
    expect(result.format.source).toBe('aiken');
    expect(result.questions.map((q) => [q.content, q.answer])).toEqual([
      ['What is the capital of France?\n1) Paris\n2) Lyon\n3) Nice', '1'],
      ['Which are even numbers?\n1) 2\n2) 3\n3) 4', '1,3'],
    ]);
    expect(result.skipped_rows).toEqual([
      { line: 13, reason: 'unreadable_record' },
      { line: 17, reason: 'unreadable_record' },
    ]);
  });

  it('loses no record: every question block is a question or a listed line', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ options: fc.integer({ min: 0, max: 4 }), answer: fc.integer({ min: 0, max: 5 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        (blocks) => {
          const text = blocks
            .map((b, i) =>
              [
                `Question ${i}?`,
                ...Array.from({ length: b.options }, (_, k) => `${'ABCDE'[k]}. choice ${k}`),
                `ANSWER: ${'ABCDEF'[b.answer]}`,
              ].join('\n'),
            )
            .join('\n\n');
          const { records, skipped } = readAiken(text);
          expect(records.length + skipped.length).toBe(blocks.length);
          const good = blocks.filter((b) => b.options >= 2 && b.answer < b.options).length;
          expect(records).toHaveLength(good);
        },
      ),
    );
  });
});

const MOODLE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category">
    <category><text>$course$/top/Rivers</text></category>
  </question>
  <question type="multichoice">
    <name><text>Longest</text></name>
    <questiontext format="html"><text><![CDATA[<p>Which river is the <b>longest</b> &amp; widest?</p>]]></text></questiontext>
    <generalfeedback format="html"><text>&lt;p&gt;The Nile, by most counts.&lt;/p&gt;</text></generalfeedback>
    <single>true</single>
    <answer fraction="100" format="html"><text>Nile</text><feedback format="html"><text>Yes.</text></feedback></answer>
    <answer fraction="0" format="html"><text>Han</text></answer>
  </question>
  <question type="multichoice">
    <name><text>Korean rivers</text></name>
    <questiontext format="plain_text"><text>Which flow through Korea?</text></questiontext>
    <single>false</single>
    <answer fraction="50"><text>Han</text></answer>
    <answer fraction="-100"><text>Nile</text></answer>
    <answer fraction="50"><text>Nakdong</text></answer>
  </question>
  <question type="truefalse">
    <name><text>Flow</text></name>
    <questiontext format="html"><text>Rivers flow uphill.</text></questiontext>
    <answer fraction="0"><text>true</text></answer>
    <answer fraction="100"><text>false</text></answer>
  </question>
  <question type="shortanswer">
    <name><text>Seoul river</text></name>
    <questiontext format="html"><text>The river through Seoul?</text></questiontext>
    <answer fraction="100"><text>Han</text></answer>
    <answer fraction="100"><text>Hangang</text></answer>
    <answer fraction="50"><text>Han river</text></answer>
  </question>
  <question type="numerical">
    <name><text>Length</text></name>
    <questiontext format="html"><text>Length of the Han in km?</text></questiontext>
    <answer fraction="100"><text>494</text><tolerance>5</tolerance></answer>
  </question>
  <question type="essay">
    <name><text>Essay</text></name>
    <questiontext format="html"><text>Write about rivers.</text></questiontext>
  </question>
  <question type="matching">
    <name><text>Match</text></name>
    <questiontext format="html"><text>Match.</text></questiontext>
  </question>
</quiz>
`;

describe('Moodle XML', () => {
  it('reads the four types, HTML as text, feedback into the explanation, and lists the others by type', async () => {
    const result = await read('rivers.xml', MOODLE_XML);
    expect(result.format).toMatchObject({ source: 'moodle_xml', extension: 'xml', html: true });
    expect(result.questions.map((q) => [q.title, q.content, q.answer])).toEqual([
      ['Longest', 'Which river is the longest & widest?\n1) Nile\n2) Han', '1'],
      ['Korean rivers', 'Which flow through Korea?\n1) Han\n2) Nile\n3) Nakdong', '1,3'],
      ['Flow', 'Rivers flow uphill.\n1) True\n2) False', '2'],
      ['Seoul river', 'The river through Seoul?', 'Han|Hangang'],
      ['Length', 'Length of the Han in km?', '494'],
    ]);
    expect(result.questions[0]!.explanation).toBe('The Nile, by most counts.\nNile: Yes.\nCategory: top/Rivers');
    expect(result.questions[4]!.explanation).toContain('494 ± 5');
    expect(result.types_skipped).toEqual([
      { name: 'essay', count: 1 },
      { name: 'matching', count: 1 },
    ]);
    const essayLine = MOODLE_XML.split('\n').findIndex((l) => l.includes('type="essay"')) + 1;
    expect(result.skipped_rows[0]).toEqual({ line: essayLine, reason: 'unsupported_type', type: 'essay' });
  });

  it('refuses a file that is no Moodle quiz, and expands no entity it declares', async () => {
    await expect(read('notes.xml', '<notes><note>hi</note></notes>')).rejects.toMatchObject({
      code: 'sheet_unreadable',
    });
    const bomb = `<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>
<quiz><question type="shortanswer"><questiontext format="plain_text"><text>&b;</text></questiontext>
<answer fraction="100"><text>x</text></answer></question></quiz>`;
    const { records } = readMoodleXml(bomb);
    expect(records[0]!.question.length).toBeLessThan(10);
  });
});

describe('quiz records as rows', () => {
  it('the stored answer is exactly the right choices’ numbers, whatever the choices say (numbers, letters, words)', () => {
    const choiceText = fc.oneof(
      fc.constantFrom('1', '2', '3', '4', 'A', 'b', '(c)', 'True', 'a|b', 'x; y', '2.', ' 3 '),
      fc.string({ minLength: 1, maxLength: 6 }),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(choiceText, { minLength: 2, maxLength: 10, selector: (t) => t.trim().toLowerCase() }),
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        (texts, marks) => {
          const choices = texts.filter((t) => t.trim() !== '').map((text, i) => ({ text, correct: marks[i]! }));
          fc.pre(choices.length >= 2 && choices.some((c) => c.correct));
          const record = { line: 1, title: '', question: 'Q?', choices, explanation: [], category: '' };
          const sheet = quizSheet([record], [], quizFormat('gift', 'gift', { encoding: 'utf-8', bom: false }));
          const outcome = normalizeRows(
            sheet.rows,
            {
              roles: ['title', 'content', 'options', 'answer', 'explanation', 'extra'],
              names: sheet.header,
              headerless: false,
            },
            sheet.lines,
          );
          fc.pre(outcome.ok);
          if (!outcome.ok) return;
          const expected = choices.flatMap((c, i) => (c.correct ? [String(i + 1)] : [])).join(',');
          expect(outcome.questions[0]!.answer).toBe(expected);
        },
      ),
    );
  });
});

describe('hostile quiz files', () => {
  it('any text as .gift, .xml or .txt is read or refused with a 4xx, never thrown otherwise', () => {
    const piece = fc.constantFrom(
      '{',
      '}',
      '=',
      '~',
      '#',
      '::',
      '\\',
      '\n\n',
      '//',
      '<quiz>',
      '</quiz>',
      '<question type="truefalse">',
      '<text>',
      'A. x',
      'ANSWER: A',
      '$CATEGORY: x',
      '->',
      '%50%',
      '<![CDATA[',
      'T',
      ' ',
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(piece, fc.string({ maxLength: 5 })), { maxLength: 60 }),
        fc.constantFrom('gift', 'xml', 'txt' as const),
        (parts, extension) => {
          try {
            const sheet = parseSheet(new TextEncoder().encode(parts.join('')), extension);
            expect(sheet.rows.length).toBe(sheet.lines.length);
          } catch (error) {
            expect(error).toBeInstanceOf(AppError);
            expect((error as AppError).status).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  // The route fuzzer found these answered 500 (a stack overflow in the recursive tree readers).
  const deep = (open: string, close: string) => `${open.repeat(20_000)}deep${close.repeat(20_000)}`;
  const moodleQuestion = (text: string) =>
    `<quiz><question type="shortanswer"><questiontext format="html"><text>${text}</text></questiontext><answer fraction="100"><text>a</text></answer></question></quiz>`;

  it('Moodle XML nested deeper than Moodle writes is refused with a 400', () => {
    for (const xml of [moodleQuestion(deep('<div>', '</div>')), `<quiz>${deep('<b>', '</b>')}</quiz>`]) {
      expect(() => readMoodleXml(xml)).toThrow(expect.objectContaining({ status: 400, code: 'sheet_unreadable' }));
    }
  });

  it('HTML nested tens of thousands deep (a Moodle question, an Anki text cell) is read, its depths cut', async () => {
    const moodle = await read('deep.xml', moodleQuestion(`<![CDATA[<p>shallow</p>${deep('<div>', '</div>')}]]>`));
    expect(moodle.questions[0]!.content).toMatch(/^shallow/);
    const anki = await read('deep.txt', `#separator:tab\n#html:true\nfront <b>x</b>\t${deep('<span>', '</span>')}\n`);
    expect(anki.questions[0]!.content).toBe('front x');
    expect(anki.questions[0]!.answer.length).toBeLessThan(1_000);
  });
});

describe('a .txt the learner asked to read as delimited text', () => {
  it('is not taken for Aiken when the preview names a delimiter', () => {
    const aiken = 'Q?\nA. x\nB. y\nANSWER: A\n';
    expect(parseSheet(bytes(aiken), 'txt').format.source).toBe('aiken');
    expect(parseSheet(bytes(aiken), 'txt', { delimiter: '\t' }).format.source).toBe('delimited');
  });
});
