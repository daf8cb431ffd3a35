import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { htmlToText, readAnkiHeader } from '../../functions/domains/files/importer/anki-text.js';
import { parseSheet } from '../../functions/domains/files/importer/parse.js';
import { detectDialect } from '../../functions/domains/files/importer/text-dialect.js';
import { parseTextSheet } from '../../functions/domains/files/importer/text-sheet.js';
import { looksLikeHeader } from '../../functions/domains/files/importer/header-shape.js';
import { KOREAN_ENGLISH_CSV, SPANISH_SEMICOLON_CSV, loneQuoteCsv, quotedTsvDeck } from '../support/dialect-decks.js';
import { decodeSheetText } from '../../functions/domains/files/importer/text-encoding.js';
import { readQuestionSheet } from '../../functions/domains/files/importer/import.js';
import {
  choiceAnswer,
  headerlessColumns,
  mapHeaders,
  normalizeRows,
  splitOptionsCell,
  titleFromContent,
  type SheetReading,
} from '#shared/domain/question-sheet.js';

/** The questions a file becomes, read the way the importer reads it (no writes). */
async function questionsOf(name: string, bytes: Uint8Array, reading: SheetReading = {}) {
  const read = await readQuestionSheet(bytes, name, undefined, reading);
  const outcome = normalizeRows(read.rows, read.mapping, read.lines);
  if (!outcome.ok) throw new Error(outcome.code);
  return {
    ...outcome,
    format: read.sheet.format,
    repairs: read.sheet.repairs,
    headerless: read.mapping.headerless,
    names: read.mapping.names,
    shape: read.sheet.shape,
  };
}

describe('delimiter detection (csv-parse over a sample)', () => {
  it('finds comma, tab, semicolon and pipe, whatever the extension', () => {
    expect(detectDialect('q,a\n1,2\n3,4\n', 'csv').delimiter).toBe(',');
    expect(detectDialect('q\ta, b\n1, x\t2\n3\t4\n', 'csv').delimiter).toBe('\t');
    expect(detectDialect('question;answer\nwhat, why;because, yes\nb;c\n', 'csv').delimiter).toBe(';');
    expect(detectDialect('question|answer\na|b\nc|d\n', 'txt').delimiter).toBe('|');
  });

  it('prefers the extension on a tie, and reads a one-column file with it', () => {
    expect(detectDialect('a\tb,c\nd\te,f\n', 'tsv').delimiter).toBe('\t');
    expect(detectDialect('a\tb,c\nd\te,f\n', 'csv').delimiter).toBe(',');
    expect(detectDialect('only\none\n', 'csv')).toEqual({ delimiter: ',', record: 'newline', quotes: 'standard' });
  });

  it("separates records by line breaks only; Quizlet's custom separators are the learner's reading", () => {
    expect(detectDialect('cat - 고양이;dog - 개;bird - 새;', 'txt').record).toBe('newline');
    const custom = parseTextSheet(Buffer.from('cat - 고양이;dog - 개;bird - 새;'), 'txt', {
      delimiter: ' - ',
      record_delimiter: ';',
    });
    expect([custom.header, ...custom.rows]).toEqual([
      ['cat', '고양이'],
      ['dog', '개'],
      ['bird', '새'],
    ]);
    expect(custom.format).toMatchObject({ delimiter: ' - ', record_delimiter: ';' });
  });
});

describe('encoding detection', () => {
  const text = '문제,정답\n수도는?,서울\n';
  it('reads UTF-8 with and without a BOM', () => {
    expect(decodeSheetText(Buffer.from(text), 'csv')).toEqual({ text, encoding: 'utf-8', bom: false });
    expect(decodeSheetText(Buffer.from(`\uFEFF${text}`), 'csv')).toEqual({ text, encoding: 'utf-8', bom: true });
  });

  it('reads UTF-16 LE and BE by their BOM', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
    expect(decodeSheetText(le, 'txt')).toEqual({ text, encoding: 'utf-16le', bom: true });
    expect(decodeSheetText(be, 'txt')).toEqual({ text, encoding: 'utf-16be', bom: true });
  });

  it('reads CP949 (Korean Excel) when the bytes are not UTF-8', () => {
    expect(decodeSheetText(iconv.encode(text, 'cp949'), 'csv')).toEqual({ text, encoding: 'cp949', bom: false });
  });

  it('refuses binary bytes and an odd UTF-16 body', () => {
    expect(() => decodeSheetText(Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x00]), 'csv')).toThrow(
      /sheet_not_spreadsheet|not/,
    );
    expect(() => decodeSheetText(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), 'csv')).toThrow();
  });
});

describe("Anki's plain-text export", () => {
  it('honours #separator, #html and #columns, and counts the header lines in line numbers', () => {
    const header = readAnkiHeader('#separator:Pipe\n#html:true\n#columns:Front|Back\na|b\n');
    expect(header).toMatchObject({ separator: '|', html: true, columns: ['Front', 'Back'], lines: 3, rest: 'a|b\n' });
    expect(readAnkiHeader('#not a header line\na,b')).toBeNull();
    const sheet = parseSheet(
      Buffer.from('#separator:tab\n#html:true\nhello<br>world\t<b>안녕</b> &amp; 잘 가\n'),
      'txt',
    );
    expect(sheet.format).toMatchObject({ source: 'anki', delimiter: '\t', html: true });
    expect(sheet.header).toEqual(['hello\nworld', '안녕 & 잘 가']);
    expect(sheet.headerLine).toBe(3);
  });

  it('turns HTML into text', () => {
    expect(htmlToText('<div>one</div><div>two &lt;3&gt; &#54620;&#xAE00;</div>')).toBe('one\ntwo <3> 한글');
  });
});

describe('quoting as spreadsheet programs write it', () => {
  it('reads `question, "a, b, c"` as two cells and reports the repair', async () => {
    const result = await questionsOf(
      'aws.csv',
      Buffer.from('Which are compute?, "EC2, Lambda, Fargate"\nWhich is storage?,S3\n'),
    );
    expect(result.questions.map((q) => [q.content, q.answer])).toEqual([
      ['Which are compute?', 'EC2, Lambda, Fargate'],
      ['Which is storage?', 'S3'],
    ]);
    expect(result.repairs).toEqual([{ line: 1, kind: 'quote_after_space' }]);
    expect(result.headerless).toBe(true);
  });
});

describe('columns', () => {
  it('recognises question/answer, front/back, term/definition and 문제/정답, 질문/답 headers', () => {
    for (const header of [
      ['question', 'answer'],
      ['Front', 'Back'],
      ['term', 'definition'],
      ['문제', '정답'],
      ['질문', '답'],
      ['단어', '뜻'],
    ]) {
      expect(mapHeaders(header), header.join()).toMatchObject({ ok: true, roles: ['content', 'answer'] });
    }
    expect(mapHeaders(['id', 'type', 'question', 'options', 'answer', 'explanation'])).toMatchObject({
      ok: true,
      roles: ['csv_id', 'extra', 'content', 'options', 'answer', 'explanation'],
    });
    expect(mapHeaders(['Question', 'Option 1', 'Option 2', 'Option 3', 'Option 4', 'Answer'])).toMatchObject({
      roles: ['content', 'option', 'option', 'option', 'option', 'answer'],
    });
    expect(mapHeaders(['문제', '보기1', '보기2', '정답'])).toMatchObject({
      roles: ['content', 'option', 'option', 'answer'],
    });
    expect(mapHeaders(['question', 'A', 'B', 'C', 'D', 'answer'])).toMatchObject({
      roles: ['content', 'option', 'option', 'option', 'option', 'answer'],
    });
  });

  it('reads a headerless file as question, answer, explanation and keeps the rest', async () => {
    expect(headerlessColumns(4).roles).toEqual(['content', 'answer', 'explanation', 'explanation']);
    expect(headerlessColumns(3, ['Front', 'Back', 'Tags'])).toMatchObject({
      roles: ['content', 'answer', 'extra'],
      names: ['Front', 'Back', 'Tags'],
    });
    const result = await questionsOf('cards.tsv', Buffer.from('사과\tapple\t과일\t빨강\n배\tpear\n'));
    expect(result.questions).toMatchObject([
      { csv_id: '1', title: '사과', content: '사과', answer: 'apple', explanation: '과일\n빨강' },
      { csv_id: '2', title: '배', content: '배', answer: 'pear', explanation: '' },
    ]);
  });

  it('makes choices of option columns and of an options cell; an answer naming a choice becomes its number', async () => {
    const result = await questionsOf(
      'mc.csv',
      Buffer.from(
        'question,Option 2,Option 1,answer,example\nPick one,second,first,second,ex\nNumbered,x,y,1,\nLettered,x,y,b,\n',
      ),
    );
    expect(result.questions.map((q) => [q.content, q.answer, q.explanation])).toEqual([
      ['Pick one\n1) first\n2) second', '2', 'example: ex'],
      ['Numbered\n1) y\n2) x', '1', ''],
      ['Lettered\n1) y\n2) x', '2', ''],
    ]);
    expect(result.extra_columns).toEqual(['example']);
    expect(result.stats.with_choices).toBe(3);
  });

  it('splits an options cell at |, ; or as a JSON list', () => {
    expect(splitOptionsCell('a|b | c')).toEqual(['a', 'b', 'c']);
    expect(splitOptionsCell('a; b')).toEqual(['a', 'b']);
    expect(splitOptionsCell('["x, y", "z"]')).toEqual(['x, y', 'z']);
    expect(choiceAnswer('B, c', ['a', 'b', 'c'])).toBe('2,3');
    expect(choiceAnswer('none of these', ['a', 'b'])).toBe('none of these');
  });

  it('takes a title from the first line of the question when blank', () => {
    expect(titleFromContent('\n첫 줄\n둘째 줄')).toBe('첫 줄');
    expect(titleFromContent('x'.repeat(150))).toHaveLength(40);
  });
});

describe('whole-file reading: records by line breaks, damage kept to its line, every odd record listed', () => {
  it('reads a headerless TSV whose definitions hold straight quotes mid-cell as one card a line', async () => {
    const { text, cards } = quotedTsvDeck();
    expect(text).not.toContain(';');
    const result = await questionsOf('deck.tsv', Buffer.from(text));
    expect(result.format).toMatchObject({ delimiter: '\t', record_delimiter: 'newline' });
    expect(result.headerless).toBe(true);
    expect(result.questions.map((q) => [q.content, q.answer])).toEqual(cards);
    expect(result.shape).toMatchObject({ usual: 2, ragged: [] });
    expect(result.repairs).toEqual([]);
  });

  it('keeps one unbalanced quote to its own line: the other 343 answers read whole', async () => {
    const { text, broken } = loneQuoteCsv();
    const result = await questionsOf('aws.csv', Buffer.from(text));
    expect(result.format).toMatchObject({ delimiter: ',' });
    expect(result.shape?.quotes).toBe('standard');
    expect(result.questions).toHaveLength(344);
    result.questions.forEach((q, i) => {
      const n = i + 1;
      if (n === broken) return;
      expect([q.content, q.answer]).toEqual([`Question ${n}: which three?`, `a${n}, b${n}, c${n}`]);
    });
    expect(result.lines[broken - 1]).toBe(broken);
    expect(result.repairs.filter((r) => r.kind === 'quotes_as_text')).toEqual([
      { line: broken, kind: 'quotes_as_text' },
    ]);
    expect(result.shape?.ragged).toEqual([{ line: broken, fields: 4 }]);
  });

  it('contains a quote never closed to its line; a quoted cell over lines stays one cell, each line listed', () => {
    const sheet = parseTextSheet(Buffer.from('q,a\none,"lone\ntwo,b\nthree,c\n'), 'csv', { quotes: 'standard' });
    expect(sheet.rows).toEqual([
      ['one', '"lone'],
      ['two', 'b'],
      ['three', 'c'],
    ]);
    expect(sheet.repairs).toEqual([{ line: 2, kind: 'quotes_as_text' }]);
    // A quoted cell holding a line break stays one cell; its lines are listed (a lost quote reads the same).
    const multi = parseTextSheet(Buffer.from('q,a\n"two\nlines",b\nthree,c\n'), 'csv');
    expect(multi.rows).toEqual([
      ['two\nlines', 'b'],
      ['three', 'c'],
    ]);
    expect(multi.repairs).toEqual([
      { line: 2, kind: 'cell_over_lines' },
      { line: 3, kind: 'cell_over_lines' },
    ]);
  });

  it('honours the learner’s delimiter, quotes and encoding, and suggests a better reading without applying it', async () => {
    const bytes = Buffer.from('question,answer\nwhat "is" it,that\n"quoted, comma",yes\n');
    const none = parseTextSheet(bytes, 'csv', { quotes: 'none' });
    expect(none.rows).toEqual([['what "is" it', 'that'], ['"quoted', ' comma"', 'yes'].map((c) => c.trim())]);
    const semicolon = parseTextSheet(Buffer.from('a;b,c\nd;e,f\n'), 'csv', { delimiter: ';' });
    expect(semicolon.format.delimiter).toBe(';');
    expect(semicolon.header).toEqual(['a', 'b,c']);
    const cp949 = parseTextSheet(iconv.encode('문제,정답\n하나,둘\n', 'cp949'), 'csv', { encoding: 'cp949' });
    expect(cp949.header).toEqual(['문제', '정답']);
    // Tab chosen for a comma file: every record is one field wide but the header; commas are suggested.
    const chosen = parseTextSheet(
      Buffer.from('q\tx,a\n1,2\n3,4\n5,6\n'),
      'csv',
      { delimiter: '\t' },
      { suggest: true },
    );
    expect(chosen.format.delimiter).toBe('\t');
    expect(chosen.shape?.ragged).toEqual([{ line: 1, fields: 2 }]);
    expect(chosen.shape?.suggestion).toMatchObject({ delimiter: ',', ragged: 0 });
  });
});

describe('a header row by its shape, in any language', () => {
  it('takes `korean,english` and a Spanish header as column names, not as a card', async () => {
    const korean = await questionsOf('words.csv', Buffer.from(KOREAN_ENGLISH_CSV));
    expect(korean.headerless).toBe(false);
    expect(korean.names).toEqual(['korean', 'english']);
    expect(korean.questions.map((q) => [q.content, q.answer])[0]).toEqual(['사과', 'apple']);
    expect(korean.questions).toHaveLength(5);
    const spanish = await questionsOf('preguntas.csv', Buffer.from(SPANISH_SEMICOLON_CSV));
    expect(spanish.format.delimiter).toBe(';');
    expect(spanish.names).toEqual(['pregunta', 'opciones', 'area', 'respuesta_correcta', 'explicacion']);
    expect(spanish.questions).toHaveLength(3);
    expect(spanish.questions[0]?.content).toBe('¿Cuál es la capital de Francia?');
    expect(spanish.questions[0]?.explanation).toContain('area: geografía');
  });

  it('leaves a first card a card, and the learner’s header choice overrides the shape', async () => {
    expect(looksLikeHeader(['apple', '사과'], [['pear', '배']])).toBe(false);
    expect(looksLikeHeader(['What is 2+2?', '4'], [['What is 3+3?', '6']])).toBe(false);
    expect(looksLikeHeader(['term', 'term'], [['a long definition of many words', 'x']])).toBe(false);
    expect(
      looksLikeHeader(
        ['Term 1', 'The definition of term 1, written in a few plain words'],
        [['Term 2', 'The definition of term 2, written in a few plain words']],
      ),
    ).toBe(false);
    expect(
      looksLikeHeader(
        ['no', 'value'],
        [
          ['1', 'x'],
          ['2', 'y'],
        ],
      ),
    ).toBe(true);
    const asData = await questionsOf('words.csv', Buffer.from(KOREAN_ENGLISH_CSV), { header: 'no' });
    expect(asData.questions).toHaveLength(6);
    expect(asData.questions[0]).toMatchObject({ content: 'korean', answer: 'english' });
    const asHeader = await questionsOf('cards.tsv', Buffer.from('사과\tapple\n배\tpear\n'), { header: 'yes' });
    expect(asHeader.names).toEqual(['사과', 'apple']);
    expect(asHeader.questions.map((q) => q.content)).toEqual(['배']);
  });
});
