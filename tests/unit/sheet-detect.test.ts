import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { htmlToText, readAnkiHeader } from '../../functions/domains/files/importer/anki-text.js';
import { parseSheet } from '../../functions/domains/files/importer/parse.js';
import { detectDialect } from '../../functions/domains/files/importer/text-dialect.js';
import { decodeSheetText } from '../../functions/domains/files/importer/text-encoding.js';
import { readQuestionSheet } from '../../functions/domains/files/importer/import.js';
import {
  choiceAnswer,
  headerlessColumns,
  mapHeaders,
  normalizeRows,
  splitOptionsCell,
  titleFromContent,
} from '#shared/domain/question-sheet.js';

/** The questions a file becomes, read the way the importer reads it (no writes). */
async function questionsOf(name: string, bytes: Uint8Array) {
  const read = await readQuestionSheet(bytes, name);
  const outcome = normalizeRows(read.rows, read.mapping, read.lines);
  if (!outcome.ok) throw new Error(outcome.code);
  return { ...outcome, format: read.sheet.format, repairs: read.sheet.repairs, headerless: read.mapping.headerless };
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
    expect(detectDialect('only\none\n', 'csv')).toEqual({ delimiter: ',', record: 'newline' });
  });

  it("takes Quizlet's custom separators (' - ' between term and definition, ';' between cards)", () => {
    expect(detectDialect('cat - 고양이;dog - 개;bird - 새;', 'txt')).toEqual({ delimiter: ' - ', record: ';' });
    expect(detectDialect('cat,고양이;dog,개;bird,새', 'txt')).toEqual({ delimiter: ',', record: ';' });
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
