import { describe, expect, it } from 'vitest';
import { readQuestionSheet } from '../../functions/domains/files/importer/import.js';
import { normalizeRows } from '#shared/domain/question-sheet.js';
import { AppError } from '../../functions/runtime/http/app-error.js';
import { apkgBytes, apkgWithCollection, mediaEntries } from '../support/anki-deck.js';
import { png } from '../support/images.js';
import { buildZip } from '../support/zip.js';
import {
  HOSTILE_SCHEMAS,
  collectionWithSchema,
  deckOf,
  hugeWindowDeck,
  mediaBombDeck,
  zstdRle,
} from '../support/hostile-files.js';
import { zstdFrames } from '../../functions/domains/files/importer/anki-media.js';

async function questionsOf(bytes: Uint8Array) {
  const read = await readQuestionSheet(bytes, 'deck.apkg');
  const outcome = normalizeRows(read.rows, read.mapping, read.lines);
  if (!outcome.ok) throw new Error(outcome.code);
  return { ...outcome, sheet: read.sheet };
}

async function refusal(bytes: Uint8Array): Promise<string> {
  try {
    await readQuestionSheet(bytes, 'deck.apkg');
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.code}`;
    throw error;
  }
  return 'accepted';
}

const NOTES = [
  { fields: ['<b>사과</b>', 'apple<br>(과일)', 'textbook p.3'], tags: ' fruit ' },
  { fields: ['What is &lt;b&gt;?', 'bold <img src="bold.png">'] },
  { fields: ['{{c1::Seoul}} is the capital of {{c2::<i>Korea</i>::country}}', 'since 1394'], cloze: true },
  { fields: ['dog [sound:dog.mp3]', '개'] },
  { fields: ['a cloze note without a gap', ''], cloze: true },
];

describe('Anki packages (.apkg)', () => {
  it.each(['anki2', 'anki21', 'anki21b'] as const)(
    'reads the Basic and Cloze notes of a %s collection: front → question, back → answer, a card per gap, HTML as text',
    async (layout) => {
      const result = await questionsOf(await apkgBytes(NOTES, layout));
      expect(result.questions.map((q) => [q.content, q.answer, q.explanation])).toEqual([
        ['사과', 'apple\n(과일)', 'Extra: Source: textbook p.3\nTags: fruit'],
        ['What is <b>?', 'bold', ''],
        // A cloze note: one card per number, the Back Extra as the explanation.
        ['[…] is the capital of Korea', 'Seoul', 'since 1394'],
        ['Seoul is the capital of [country]', 'Korea', 'since 1394'],
        ['dog', '개', ''],
      ]);
      expect(result.questions.map((q) => q.cloze)).toEqual([undefined, undefined, 1, 2, undefined]);
      expect(result.questions[2]!.cloze_note).toBe('{{c1::Seoul}} is the capital of {{c2::Korea::country}}');
      expect(result.sheet.format).toMatchObject({ kind: 'package', extension: 'apkg', source: 'apkg' });
      expect(result.sheet.deck).toEqual({ notes: 5, cloze_skipped: 1, media_skipped: ['bold.png', 'dog.mp3'] });
    },
  );

  it('refuses what is not a deck with a code, before any write', async () => {
    expect(await refusal(Buffer.from('a,b\n1,2\n'))).toBe('400 deck_not_zip');
    expect(await refusal(Buffer.from('PK\u0003\u0004 truncated'))).toBe('400 deck_not_zip');
    expect(await refusal(apkgWithCollection(new TextEncoder().encode('not sqlite')))).toBe('400 deck_corrupt');
    const sqliteHeaderOnly = new Uint8Array(4096);
    sqliteHeaderOnly.set(new TextEncoder().encode('SQLite format 3\0'));
    expect(await refusal(apkgWithCollection(sqliteHeaderOnly))).toBe('400 deck_corrupt');
    expect(await refusal(apkgWithCollection(new Uint8Array([1, 2, 3]), 'collection.anki21b'))).toBe('400 deck_corrupt');
    expect(await refusal(buildZip([{ name: 'media', data: Buffer.from('{}') }]))).toBe('400 deck_no_collection');
  });

  it('refuses a zstd bomb inside a small .anki21b at the cap, not after inflating it all', async () => {
    // 820 RLE blocks of 128 KB (4 bytes each): 102.5 MB from 3 KB.
    const BLOCK = 128 * 1024;
    const blocks = Array.from({ length: 820 }, (_, i) => {
      const header = (BLOCK << 3) | (1 << 1) | (i === 819 ? 1 : 0);
      return [header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff, 0x00];
    }).flat();
    const frame = new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58, ...blocks]);
    expect(await refusal(apkgWithCollection(frame, 'collection.anki21b'))).toBe('413 sheet_uncompressed_too_large');
  });

  it('refuses a zip bomb from its declared sizes, before inflating', async () => {
    const bomb = buildZip([{ name: 'collection.anki2', data: Buffer.alloc(10), declaredSize: 200 * 1024 * 1024 }]);
    expect(await refusal(bomb)).toBe('413 sheet_uncompressed_too_large');
  });
});

describe('the head of a text sheet, cut after its last whole line (the preview of a large file)', () => {
  it('cuts UTF-8 and CP949 at a line feed, UTF-16 at a whole code unit', async () => {
    const { wholeLinesOf } = await import('../../functions/domains/files/importer/text-encoding.js');
    const utf8 = new TextEncoder().encode('q\ta\n사과\tapple\n바나');
    expect(new TextDecoder().decode(wholeLinesOf(utf8))).toBe('q\ta\n사과\tapple\n');
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('q\ta\n\u0a00x\n부분', 'utf16le')]);
    const leHead = wholeLinesOf(le);
    expect(Buffer.from(leHead.subarray(2)).toString('utf16le')).toBe('q\ta\n\u0a00x\n');
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('q\ta\n부분', 'utf16le').swap16()]);
    expect(Buffer.from(wholeLinesOf(be).subarray(2)).swap16().toString('utf16le')).toBe('q\ta\n');
    expect(wholeLinesOf(new TextEncoder().encode('no line break'))).toHaveLength(13);
  });
});

describe('Anki media (D174)', () => {
  it('reads the legacy JSON map and the newer protobuf map, junk as an empty map', async () => {
    const { jsonMediaMap, protobufMediaMap, readMediaMap } =
      await import('../../functions/domains/files/importer/anki-media.js');
    expect([...jsonMediaMap('{"0":"사과.png","1":"b.jpg","2":7}')]).toEqual([
      ['사과.png', '0'],
      ['b.jpg', '1'],
    ]);
    expect([...jsonMediaMap('[1,2]')]).toEqual([]);
    expect([
      ...protobufMediaMap(
        mediaEntries([
          { name: 'a.png', size: 3 },
          { name: '지도.webp', size: 300 },
        ]),
      ),
    ]).toEqual([
      ['a.png', '0'],
      ['지도.webp', '1'],
    ]);
    const noZstd = () => {
      throw new Error('not zstd');
    };
    expect(readMediaMap(new TextEncoder().encode('not a map \u00ff'), noZstd).size).toBe(0);
    expect(readMediaMap(new Uint8Array([0x0a, 0x80]), noZstd).size).toBe(0);
    expect(readMediaMap(undefined, noZstd).size).toBe(0);
  });

  it.each(['anki2', 'anki21b'] as const)(
    'turns a %s note image the package holds into a Markdown reference; a missing one stays in the report',
    async (layout) => {
      const deck = await apkgBytes(
        [
          { fields: ['Which flag? <img src="flag.png" alt="a flag">', 'Korea'] },
          { fields: ['map <img src="gone.png">', 'here'] },
        ],
        layout,
        { 'flag.png': png(4, 3) },
      );
      const read = await readQuestionSheet(deck, 'deck.apkg');
      expect(read.rows.map((r) => r[0])).toEqual(['Which flag? ![a flag](anki-media:flag.png)', 'map']);
      expect(read.sheet.deck?.media_skipped).toEqual(['gone.png']);
      expect([...(read.sheet.media?.keys() ?? [])]).toEqual(['flag.png']);
      expect(read.sheet.media?.get('flag.png')).toEqual(new Uint8Array(png(4, 3)));
    },
  );

  it('checks each referenced image with the upload pipeline: kept ones get a URL, others their alt text and a warning', async () => {
    const { prepareImportedImages } = await import('../../functions/domains/files/importer/import-images.js');
    const question = (content: string) => ({
      csv_id: '',
      title: content.slice(0, 20),
      content,
      answer: 'a',
      explanation: '',
      difficulty: 'Medium' as const,
      url: '',
      group_id: '',
    });
    const questions = [
      question('ok ![flag](anki-media:flag.png) and again ![flag](anki-media:flag.png)'),
      question('![vector](anki-media:v.svg)'),
      question('![big](anki-media:big.png)'),
      question('![gone](anki-media:gone.png)'),
    ];
    const media = new Map<string, Uint8Array | 'image_missing'>([
      ['flag.png', png(4, 3, { text: 'GPS here' })],
      ['v.svg', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['big.png', new Uint8Array(2 * 1024 * 1024 + 1)],
      ['gone.png', 'image_missing'],
    ]);
    const fileId = 'f'.repeat(20);
    const owner = {
      key: (id: string) => `file-images/${fileId}/${id}`,
      url: (id: string) => `/api/file/${fileId}/images/${id}/`,
    };
    const prepared = await prepareImportedImages(owner, questions, [2, 3, 4, 5], media);
    expect(prepared.markdown).toEqual([true, false, false, false]);
    expect(prepared.pending).toHaveLength(1);
    expect(Buffer.from(prepared.pending[0]!.bytes).includes('GPS here')).toBe(false);
    const url = `/api/file/${'f'.repeat(20)}/images/${prepared.pending[0]!.id}/#4x3`;
    expect(questions.map((q) => q.content)).toEqual([
      `ok ![flag](${url}) and again ![flag](${url})`,
      'vector',
      'big',
      'gone',
    ]);
    expect(questions[0]!.title).toBe('ok flag');
    expect(prepared.warnings).toEqual([
      { line: 3, name: 'v.svg', code: 'image_type_unsupported' },
      { line: 4, name: 'big.png', code: 'image_too_large' },
      { line: 5, name: 'gone.png', code: 'image_missing' },
    ]);
  });
});

describe('image URLs in a sheet (D177)', () => {
  it('a line that is only an https image URL becomes a Markdown image in the question and the explanation; other URLs stay text', async () => {
    const { sheetImageUrls } = await import('../../functions/domains/files/importer/import-images.js');
    const q = (content: string, explanation = '', answer = 'a') => ({
      csv_id: '',
      title: 't',
      content,
      answer,
      explanation,
      difficulty: 'Medium' as const,
      url: '',
      group_id: '',
    });
    const questions = [
      q('Look:\nhttps://cdn.example.com/img/%EC%A7%80%EB%8F%84.PNG?v=2\n1) a', ' https://example.com/b.webp '),
      q('https://example.com/page.html', 'see https://example.com/c.png inline'),
      q('http://example.com/d.png', '', 'https://example.com/answer.png'),
      q('![x](https://example.com/e.jpg) ![y](http://example.com/f.gif) ![cut](https://example.com/g.png'),
    ];
    expect(sheetImageUrls(questions)).toEqual([
      'https://cdn.example.com/img/%EC%A7%80%EB%8F%84.PNG?v=2',
      'https://example.com/b.webp',
      'https://example.com/e.jpg',
      'http://example.com/f.gif',
    ]);
    expect(questions.map((x) => [x.content, x.explanation, x.answer])).toEqual([
      [
        'Look:\n![지도](https://cdn.example.com/img/%EC%A7%80%EB%8F%84.PNG?v=2)\n1) a',
        '![b](https://example.com/b.webp)',
        'a',
      ],
      ['https://example.com/page.html', 'see https://example.com/c.png inline', 'a'],
      ['http://example.com/d.png', '', 'https://example.com/answer.png'],
      ['![x](https://example.com/e.jpg) ![y](http://example.com/f.gif) ![cut](https://example.com/g.png', '', 'a'],
    ]);
  });
});

describe('hostile decks: refused before they cost us', () => {
  it('a field of HTML nested tens of thousands deep is read, its depths cut (it overflowed the stack)', async () => {
    const deep = `${'<div>'.repeat(20_000)}deep${'</div>'.repeat(20_000)}`;
    const { questions } = await questionsOf(await apkgBytes([{ fields: ['front', deep] }]));
    expect(questions.map((q) => q.content)).toEqual(['front']);
    expect(questions[0]!.answer.length).toBeLessThan(1_000);
  });

  const timed = async (bytes: Uint8Array) => {
    const start = performance.now();
    const verdict = await refusal(bytes);
    return { verdict, ms: performance.now() - start };
  };

  it.each(Object.keys(HOSTILE_SCHEMAS))('%s → 400 deck_unsafe_schema, no query run on it', async (name) => {
    const { verdict, ms } = await timed(deckOf(await collectionWithSchema(HOSTILE_SCHEMAS[name]!)));
    expect(verdict).toBe('400 deck_unsafe_schema');
    expect(ms).toBeLessThan(1000);
  });

  it('eight zstd media bombs declaring small sizes → 400 deck_media_corrupt at the first, within a second', async () => {
    const { verdict, ms } = await timed(await mediaBombDeck(1000));
    expect(verdict).toBe('400 deck_media_corrupt');
    expect(ms).toBeLessThan(1000);
  });

  it('zstd media bombs declaring no size stop at the 2 MB image limit: image_too_large, the notes imported', async () => {
    const start = performance.now();
    const read = await readQuestionSheet(await mediaBombDeck(0), 'deck.apkg');
    expect(performance.now() - start).toBeLessThan(1000);
    expect(read.rows).toHaveLength(8);
    expect([...(read.sheet.media?.values() ?? [])]).toEqual(Array(8).fill('image_too_large'));
  });

  it('a zstd frame asking for a 2 GB window is corrupt, refused from its header', async () => {
    const { verdict, ms } = await timed(hugeWindowDeck());
    expect(verdict).toBe('400 deck_corrupt');
    expect(ms).toBeLessThan(1000);
  });

  it('zstdFrames walks frames by their headers: windows, declared sizes, a layout that does not add up', () => {
    expect(zstdFrames(zstdRle(300 * 1024))).toEqual({ declared: null });
    expect(zstdFrames(zstdRle(100, 0xa8))).toBeNull();
    // Single segment, content size in one byte: 200 bytes declared.
    expect(zstdFrames(new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0x20, 200, 0x03, 0x00, 0x00, 0x61]))).toEqual({
      declared: 200,
    });
    expect(zstdFrames(zstdRle(100).subarray(0, 8))).toBeNull();
    expect(zstdFrames(new Uint8Array([...zstdRle(10), 0x01]))).toBeNull();
  });
});
