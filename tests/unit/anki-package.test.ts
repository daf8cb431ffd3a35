import { describe, expect, it } from 'vitest';
import { readQuestionSheet } from '../../functions/domains/files/importer/import.js';
import { normalizeRows } from '#shared/domain/question-sheet.js';
import { AppError } from '../../functions/runtime/http/app-error.js';
import { apkgBytes, apkgWithCollection } from '../support/anki-deck.js';
import { buildZip } from '../support/zip.js';

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
  { fields: ['{{c1::Seoul}} is the capital', ''], cloze: true },
  { fields: ['dog [sound:dog.mp3]', '개'] },
];

describe('Anki packages (.apkg)', () => {
  it.each(['anki2', 'anki21', 'anki21b'] as const)(
    'reads the Basic notes of a %s collection: front → question, back → answer, HTML as text',
    async (layout) => {
      const result = await questionsOf(await apkgBytes(NOTES, layout));
      expect(result.questions.map((q) => [q.content, q.answer, q.explanation])).toEqual([
        ['사과', 'apple\n(과일)', 'Extra: Source: textbook p.3\nTags: fruit'],
        ['What is <b>?', 'bold', ''],
        ['dog', '개', ''],
      ]);
      expect(result.sheet.format).toMatchObject({ kind: 'package', extension: 'apkg', source: 'apkg' });
      expect(result.sheet.deck).toEqual({ notes: 4, cloze_skipped: 1, media_skipped: ['bold.png', 'dog.mp3'] });
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
    const { wholeLinesOf } = await import('../../functions/domains/files/importer/parse.js');
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
