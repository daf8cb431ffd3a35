import { strToU8, zipSync } from 'fflate';
import iconv from 'iconv-lite';
import type { SheetExtension } from '#shared/domain/question-sheet.js';
import { apkgBytes, apkgWithCollection, collectionBytes } from '../support/anki-deck.js';
import {
  HOSTILE_SCHEMAS,
  collectionWithSchema,
  deckOf,
  hugeWindowDeck,
  longXls,
  longXlsx,
} from '../support/hostile-files.js';
import { EN_HEADER, KO_HEADER, csvBytes, questionRows, xlsBytes, xlsxBytes } from '../support/sheets.js';

/**
 * The files the fuzzer uploads: every format the importer reads (importer/parse.ts, quiz-text.ts,
 * anki-text.ts, anki-package.ts), each valid, slightly broken and hostile, all small and written
 * here. The import routes must answer each with a 2xx or a coded 4xx and write nothing on a 4xx.
 */
export interface UploadFile {
  label: string;
  /** The extension it is uploaded under (a wrong one on purpose for some). */
  ext: SheetExtension;
  bytes: Uint8Array;
}

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const u8 = (bytes: Uint8Array) => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const GIFT = [
  '// a comment',
  '$CATEGORY: fuzz/gift',
  '::Q1:: What is 2 + 2? {=4 ~3 ~5 #feedback}',
  '::Q2:: The sky is blue. {T}',
  '::Q3:: Name a colour. {=red =blue}',
  '::Q4:: Pi to one place? {#3.1:0.05}',
  '::Q5:: Match. {=a -> 1 =b -> 2}',
  '::Q6::[markdown] **bold** \\{escaped\\} {~x =y}',
  '',
].join('\n\n');

const AIKEN = [
  'Which is a fruit?',
  'A. Stone',
  'B. Apple',
  'C. Chair',
  'ANSWER: B',
  '',
  'Pick two',
  'A) x',
  'B) y',
  'C) z',
  'ANSWER: A, C',
  '',
].join('\n');

const ANKI_TEXT = [
  '#separator:tab',
  '#html:true',
  '#guid column:1',
  '#notetype column:2',
  '#deck column:3',
  '#tags column:6',
  'g1\tBasic\tFuzz\tFront <b>one</b>\tBack one\ttag1',
  'g2\tBasic\tFuzz\t"Two ""quoted"""\t<div>Back<br>two</div>\ttag2 tag3',
  'g3\tCloze\tFuzz\t{{c1::Seoul}} is a city\t\t',
  '',
].join('\n');

const moodle = (questions: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>${questions}</quiz>\n`;
const MOODLE = moodle(
  [
    '<question type="category"><category><text>$course$/fuzz</text></category></question>',
    '<question type="multichoice"><name><text>M1</text></name><questiontext format="html"><text><![CDATA[<p>Pick <b>one</b></p>]]></text></questiontext><single>true</single><answer fraction="100"><text>yes</text><feedback><text>right</text></feedback></answer><answer fraction="0"><text>no</text></answer></question>',
    '<question type="truefalse"><questiontext format="plain_text"><text>True?</text></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>',
    '<question type="shortanswer"><questiontext><text>Capital of Korea?</text></questiontext><answer fraction="100"><text>Seoul</text></answer></question>',
    '<question type="numerical"><questiontext><text>2*3?</text></questiontext><answer fraction="100"><text>6</text><tolerance>0.1</tolerance></answer></question>',
    '<question type="essay"><questiontext><text>Write</text></questiontext></question>',
  ].join(''),
);

/** A billion-laughs DTD and an external entity: an expanding parser would make gigabytes, or read a local file. */
const LAUGHS = [
  '<?xml version="1.0"?>',
  '<!DOCTYPE quiz [',
  '<!ENTITY l0 "lol">',
  ...Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`),
  '<!ENTITY ext SYSTEM "file:///etc/passwd">',
  ']>',
  '<quiz><question type="shortanswer"><questiontext><text>&l9; &ext;</text></questiontext><answer fraction="100"><text>&l9;</text></answer></question></quiz>',
].join('\n');

/** Markup nested far deeper than any writer nests it (it overflowed the recursive tree readers). */
const deep = (open: string, close: string) => `${open.repeat(20_000)}deep${close.repeat(20_000)}`;
const deepHtml = deep('<div>', '</div>');
const shortAnswer = (text: string) =>
  moodle(
    `<question type="shortanswer"><questiontext format="html"><text>${text}</text></questiontext><answer fraction="100"><text>a</text></answer></question>`,
  );

const sheetRows = (prefix: string) => questionRows(3, prefix);
const delimited = (rows: string[][], delimiter: string) => rows.map((r) => r.join(delimiter)).join('\n') + '\n';

/** Valid files, one for each way the importer reads. */
async function validFiles(xlsx: Uint8Array, apkg: Uint8Array): Promise<UploadFile[]> {
  return [
    { label: 'csv', ext: 'csv', bytes: u8(csvBytes([KO_HEADER, ...sheetRows('fz csv')])) },
    { label: 'tsv', ext: 'tsv', bytes: utf8(delimited([EN_HEADER, ...sheetRows('fz tsv')], '\t')) },
    {
      label: 'txt delimited',
      ext: 'txt',
      bytes: utf8(
        delimited(
          [
            ['front a', 'back a'],
            ['front b', 'back b'],
          ],
          ';',
        ),
      ),
    },
    { label: 'txt quizlet', ext: 'txt', bytes: utf8('term one - definition one;term two - definition two;') },
    { label: 'txt anki notes', ext: 'txt', bytes: utf8(ANKI_TEXT) },
    { label: 'txt gift', ext: 'txt', bytes: utf8(GIFT) },
    { label: 'txt aiken', ext: 'txt', bytes: utf8(AIKEN) },
    { label: 'gift', ext: 'gift', bytes: utf8(GIFT) },
    { label: 'moodle xml', ext: 'xml', bytes: utf8(MOODLE) },
    { label: 'xlsx', ext: 'xlsx', bytes: xlsx },
    { label: 'xls', ext: 'xls', bytes: u8(xlsBytes([KO_HEADER, ...sheetRows('fz xls')])) },
    { label: 'apkg', ext: 'apkg', bytes: apkg },
    {
      label: 'apkg anki21b',
      ext: 'apkg',
      bytes: u8(await apkgBytes([{ fields: ['new front', 'new back'] }], 'anki21b')),
    },
    {
      label: 'csv cp949',
      ext: 'csv',
      bytes: u8(
        iconv.encode(
          delimited(
            [
              ['문제 내용', '정답'],
              ['한국의 수도는?', '서울'],
            ],
            ',',
          ),
          'cp949',
        ),
      ),
    },
    {
      label: 'tsv utf-16le',
      ext: 'tsv',
      bytes: u8(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('앞면\t뒷면\n질문\t답\n', 'utf16le')])),
    },
  ];
}

/** Files a writer slipped on: unbalanced quotes, ragged rows, an unclosed GIFT brace, cut-off archives. */
async function brokenFiles(xlsx: Uint8Array, apkg: Uint8Array): Promise<UploadFile[]> {
  return [
    {
      label: 'csv unbalanced quote',
      ext: 'csv',
      bytes: utf8('Question,Answer\n"open,never closed\nq2,"a"b"\nq3,a3\n'),
    },
    { label: 'csv ragged', ext: 'csv', bytes: utf8('Question,Answer\nq1\nq2,a2,extra,more\n,\nq4,a4\n') },
    {
      label: 'txt anki bad columns',
      ext: 'txt',
      bytes: utf8('#separator:Pipe\n#guid column:99\n#tags column:0\n#columns:\nq|a\n'),
    },
    { label: 'txt anki odd separator', ext: 'txt', bytes: utf8('#separator:nonsense\n#html:maybe\nfront\tback\n') },
    {
      label: 'txt aiken broken',
      ext: 'txt',
      bytes: utf8('Question?\nA. one\nB. two\nANSWER: Z\n\nNext\nA. x\nANSWER: A\n'),
    },
    { label: 'gift unclosed brace', ext: 'gift', bytes: utf8('::Q1:: text {=a ~b\n\n::Q2:: fine {=y ~n}\n\n::Q3:: {') },
    { label: 'gift stray closing', ext: 'gift', bytes: utf8('}}} ::: {#} {=} {~} \\ {T\n') },
    { label: 'xml truncated', ext: 'xml', bytes: utf8(MOODLE.slice(0, Math.floor(MOODLE.length / 2))) },
    { label: 'xml not moodle', ext: 'xml', bytes: utf8('<?xml version="1.0"?><root><item>x</item></root>') },
    { label: 'xlsx truncated', ext: 'xlsx', bytes: xlsx.slice(0, Math.floor(xlsx.length / 2)) },
    { label: 'apkg truncated', ext: 'apkg', bytes: apkg.slice(0, Math.floor(apkg.length / 2)) },
    { label: 'apkg no notes', ext: 'apkg', bytes: u8(deckOf(await collectionBytes([]))) },
    { label: 'utf-16 odd bytes', ext: 'csv', bytes: new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x2c]) },
    // A presigned upload is at least one byte; an empty file goes through the multipart routes.
    { label: 'blank gift', ext: 'gift', bytes: utf8(' \n') },
  ];
}

/** Files written to cost the reader or to break it: huge counts, deep nesting, entities, archives that are something else. */
async function hostileFiles(): Promise<UploadFile[]> {
  const schemas = ['a recursive view as notes', 'a trigger beside the notes', 'notes without an integer id'];
  return [
    { label: 'csv huge field count', ext: 'csv', bytes: utf8(`q${','.repeat(20_000)}\nq,a\n`) },
    { label: 'csv huge cell', ext: 'csv', bytes: utf8(`Question,Answer\n${'x'.repeat(12_000)},a\n`) },
    { label: 'csv only quotes', ext: 'csv', bytes: utf8('"'.repeat(9_999)) },
    { label: 'csv many records', ext: 'csv', bytes: utf8('q,a\n'.repeat(25_000)) },
    { label: 'tsv binary', ext: 'tsv', bytes: Uint8Array.from({ length: 512 }, (_, i) => (i * 151 + 7) % 256) },
    { label: 'txt nul bytes', ext: 'txt', bytes: utf8('q\u0000\t\u0000a\n'.repeat(50)) },
    {
      label: 'txt anki wide columns',
      ext: 'txt',
      bytes: utf8(`#separator:comma\n#columns:${'c,'.repeat(3_000)}\nq,a\n`),
    },
    { label: 'txt anki deep html', ext: 'txt', bytes: utf8(`#separator:tab\n#html:true\nfront\t${deepHtml}\n`) },
    { label: 'gift deep braces', ext: 'gift', bytes: utf8(`::Q:: ${deep('{', '}')}`) },
    { label: 'gift deep html', ext: 'gift', bytes: utf8(`::Q::[html]${deepHtml} {=a ~b}\n`) },
    { label: 'txt gift many answers', ext: 'txt', bytes: utf8(`::Q:: pick {${' ~x'.repeat(3_000)} =y}\n`) },
    { label: 'xml entities', ext: 'xml', bytes: utf8(LAUGHS) },
    { label: 'xml deep nesting', ext: 'xml', bytes: utf8(`<quiz>${deep('<b>', '</b>')}</quiz>`) },
    { label: 'xml deep question text', ext: 'xml', bytes: utf8(shortAnswer(deepHtml)) },
    { label: 'xml deep html', ext: 'xml', bytes: utf8(shortAnswer(`<![CDATA[${deepHtml}]]>`)) },
    { label: 'apkg deep html', ext: 'apkg', bytes: u8(await apkgBytes([{ fields: ['front', deepHtml] }])) },
    { label: 'zip not an apkg', ext: 'apkg', bytes: zipSync({ 'readme.txt': strToU8('not a deck') }) },
    { label: 'zip not a workbook', ext: 'xlsx', bytes: zipSync({ 'readme.txt': strToU8('not a workbook') }) },
    { label: 'apkg not sqlite', ext: 'apkg', bytes: u8(apkgWithCollection(strToU8('SQLite format 3\0 garbage'))) },
    { label: 'apkg huge window', ext: 'apkg', bytes: u8(hugeWindowDeck()) },
    ...(await Promise.all(
      schemas.map(async (name): Promise<UploadFile> => ({
        label: `apkg ${name}`,
        ext: 'apkg',
        bytes: u8(deckOf(await collectionWithSchema(HOSTILE_SCHEMAS[name]!))),
      })),
    )),
    { label: 'xlsx many rows', ext: 'xlsx', bytes: u8(longXlsx(22_000)) },
    { label: 'xls many rows', ext: 'xls', bytes: u8(longXls(22_000)) },
  ];
}

export async function uploadFiles(): Promise<UploadFile[]> {
  const xlsx = u8(xlsxBytes([EN_HEADER, ...sheetRows('fz xlsx')]));
  const apkg = u8(
    await apkgBytes([{ fields: ['front <b>1</b>', 'back 1'] }, { fields: ['{{c1::Busan}} port', ''], cloze: true }]),
  );
  return [
    ...(await validFiles(xlsx, apkg)),
    ...(await brokenFiles(xlsx, apkg)),
    ...(await hostileFiles()),
    // Under another format's extension.
    { label: 'xlsx as csv', ext: 'csv', bytes: xlsx },
    { label: 'apkg as xml', ext: 'xml', bytes: apkg },
    { label: 'csv as xls', ext: 'xls', bytes: utf8('q,a\n') },
    { label: 'gift as apkg', ext: 'apkg', bytes: utf8(GIFT) },
  ];
}
