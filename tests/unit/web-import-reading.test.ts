import fc from 'fast-check';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import { previewUploadedFile, sheetReadingSchema, type ImportPreview } from '#shared/contracts/files.js';
import {
  SHEET_ENCODINGS,
  SHEET_HEADER_MODES,
  SHEET_QUOTE_MODES,
  SHEET_READING_DELIMITERS,
  SHEET_RECORD_DELIMITERS,
  SHEET_TEXT_FORMATS,
  type ColumnRole,
  type SheetReading,
} from '#shared/domain/question-sheet.js';
import {
  importChoices,
  previewReducer,
  type PreviewAction,
  type PreviewSession,
  type PreviewState,
} from '../../web/src/features/question-files/hooks/preview-state.js';
import en from '../../web/src/features/question-files/i18n/en.js';
import ko from '../../web/src/features/question-files/i18n/ko.js';
import { describeReading } from '../../web/src/features/question-files/utils/reading-text.js';
import {
  READING_FIELDS,
  readingBody,
  readingFieldsFor,
  sameReading,
  wholeFileCounts,
  withChoice,
} from '../../web/src/features/question-files/utils/sheet-reading.js';

/** A preview answer as the server sends it, with `overrides` on top. */
function answerOf(overrides: Partial<ImportPreview> = {}): ImportPreview {
  return {
    format: {
      kind: 'text',
      extension: 'tsv',
      encoding: 'utf-8',
      bom: false,
      delimiter: '\t',
      record_delimiter: 'newline',
      source: 'delimited',
      html: false,
    },
    headerless: true,
    skipped_rows: [],
    extra_columns: [],
    ignored_columns: [],
    repairs: [],
    columns: [
      { name: '', role: 'content', proposed: 'content' },
      { name: '', role: 'answer', proposed: 'answer' },
    ],
    rows: [],
    stats: {
      total_rows: 4,
      imported: 3,
      skipped: 1,
      skipped_blank_answer: 1,
      duplicates_removed: 0,
      skipped_too_long: 0,
      ids_assigned: 3,
      with_choices: 0,
      errors: 0,
    },
    reading: {
      delimiter: '\t',
      record_delimiter: 'newline',
      quotes: 'standard',
      encoding: 'utf-8',
      header: 'no',
      text_format: 'auto',
    },
    counts: { records: 4, questions: 3, skipped: 1, ragged: 0, usual_fields: 2 },
    ragged_rows: [],
    ...overrides,
  };
}

const readingArbitrary: fc.Arbitrary<SheetReading> = fc.record(
  {
    delimiter: fc.constantFrom(...SHEET_READING_DELIMITERS),
    record_delimiter: fc.constantFrom(...SHEET_RECORD_DELIMITERS),
    quotes: fc.constantFrom(...SHEET_QUOTE_MODES),
    encoding: fc.constantFrom(...SHEET_ENCODINGS),
    header: fc.constantFrom(...SHEET_HEADER_MODES),
    text_format: fc.constantFrom(...SHEET_TEXT_FORMATS),
  },
  { requiredKeys: [] },
);

const UPLOAD = 'a1b2c3d4e5f6a7b8c9d0';
const file = new File(['x'], 'cards.tsv');
const opened = (answer = answerOf()): PreviewSession => {
  const state = previewReducer(null, { type: 'opened', file, uploadId: UPLOAD, answer });
  if (!state) throw new Error('no session');
  return state;
};

describe('the reading a preview and an import send', () => {
  test('only the choices the learner made, never `auto`, nothing when everything is detected', () => {
    expect(readingBody({})).toBeUndefined();
    expect(readingBody({ header: 'auto', quotes: 'auto', text_format: 'auto' })).toBeUndefined();
    expect(readingBody({ delimiter: '\t', header: 'no', quotes: 'auto' })).toEqual({ delimiter: '\t', header: 'no' });
    fc.assert(
      fc.property(readingArbitrary, (choice) => {
        const body = readingBody(choice) ?? {};
        for (const field of READING_FIELDS) {
          const value = choice[field];
          expect(body[field]).toBe(value === 'auto' ? undefined : value);
        }
        // What the web sends is what the contract takes.
        expect(sheetReadingSchema().safeParse(body).success).toBe(true);
        expect(
          previewUploadedFile.body.safeParse({ upload_id: UPLOAD, file_name: 'a.tsv', reading: body }).success,
        ).toBe(true);
      }),
    );
  });

  test('a choice set then set back to detected leaves the reading it started from', () => {
    fc.assert(
      fc.property(readingArbitrary, fc.constantFrom(...READING_FIELDS), (choice, field) => {
        const cleared = withChoice(choice, field, undefined);
        expect(field in cleared).toBe(false);
        const set = withChoice(cleared, 'header', 'yes');
        expect(readingBody(set)?.header).toBe('yes');
        expect(sameReading(withChoice(set, 'header', 'auto'), withChoice(cleared, 'header', undefined))).toBe(true);
        expect(sameReading(set, cleared)).toBe(cleared.header === 'yes');
      }),
    );
  });

  test('a text sheet offers every choice, a workbook or deck only the header and the text format', () => {
    expect(readingFieldsFor('text')).toEqual(READING_FIELDS);
    expect(readingFieldsFor('workbook')).toEqual(['header', 'text_format']);
    expect(readingFieldsFor('package')).toEqual(['header', 'text_format']);
  });

  test('whole-file counts come from `counts`', () => {
    expect(wholeFileCounts(answerOf())).toEqual({ records: 4, questions: 3, skipped: 1, ragged: 0, usualFields: 2 });
    expect(
      wholeFileCounts(answerOf({ counts: { records: 9, questions: 7, skipped: 2, ragged: 1, usual_fields: 2 } })),
    ).toEqual({ records: 9, questions: 7, skipped: 2, ragged: 1, usualFields: 2 });
  });
});

describe('the preview state machine', () => {
  test('a reading change asks again without a mapping; a role change sends the whole mapping and the reading', () => {
    const state = opened();
    expect(state.status).toBe('ready');
    expect(state.mapping).toEqual(['content', 'answer']);

    const reread = previewReducer(state, { type: 'readingChanged', reading: { delimiter: ',', header: 'auto' } });
    expect(reread?.status).toBe('loading');
    expect(reread?.request).toEqual({ seq: 1, uploadId: UPLOAD, fileName: 'cards.tsv', reading: { delimiter: ',' } });
    // The previous answer stays on screen while the new one loads.
    expect(reread?.answer).toBe(state.answer);

    const roled = previewReducer(state, { type: 'roleChanged', index: 1, role: 'explanation' });
    expect(roled?.request).toEqual({
      seq: 1,
      uploadId: UPLOAD,
      fileName: 'cards.tsv',
      mapping: ['content', 'explanation'],
      reading: undefined,
    });
  });

  test('an answer to an older choice or another upload is dropped; the latest one is shown and its columns mapped', () => {
    let state: PreviewState = opened();
    state = previewReducer(state, { type: 'readingChanged', reading: { delimiter: ',' } });
    state = previewReducer(state, { type: 'readingChanged', reading: { delimiter: ';' } });
    const three = answerOf({
      columns: [
        { name: 'q', role: 'content', proposed: 'content' },
        { name: 'a', role: 'answer', proposed: 'answer' },
        { name: 'x', role: 'extra', proposed: 'extra' },
      ],
    });
    expect(previewReducer(state, { type: 'answered', uploadId: UPLOAD, seq: 1, answer: three })).toBe(state);
    expect(previewReducer(state, { type: 'answered', uploadId: 'other0000000000000', seq: 2, answer: three })).toBe(
      state,
    );
    const answered = previewReducer(state, { type: 'answered', uploadId: UPLOAD, seq: 2, answer: three });
    expect(answered?.status).toBe('ready');
    expect(answered?.mapping).toEqual(['content', 'answer', 'extra']);
    expect(answered && importChoices(answered)).toEqual({
      mapping: ['content', 'answer', 'extra'],
      reading: { delimiter: ';' },
    });
  });

  test('a refused request leaves the last answer with its error; the next choice asks again', () => {
    let state: PreviewState = previewReducer(opened(), { type: 'readingChanged', reading: { encoding: 'cp949' } });
    state = previewReducer(state, { type: 'failed', uploadId: UPLOAD, seq: 1, error: 'no' });
    expect(state?.status).toBe('failed');
    expect(state?.error).toBe('no');
    state = previewReducer(state, { type: 'readingChanged', reading: {} });
    expect(state?.status).toBe('loading');
    expect(state?.request?.reading).toBeUndefined();
    expect(previewReducer(state, { type: 'closed' })).toBeNull();
  });

  test('whatever the learner does, a pending request carries exactly the current choices', () => {
    const action: fc.Arbitrary<PreviewAction> = fc.oneof(
      readingArbitrary.map((reading) => ({ type: 'readingChanged' as const, reading })),
      fc
        .record({ index: fc.nat(2), role: fc.constantFrom<ColumnRole>('content', 'answer', 'extra', 'ignore') })
        .map(({ index, role }) => ({ type: 'roleChanged' as const, index, role })),
      fc.nat(6).map((seq) => ({ type: 'answered' as const, uploadId: UPLOAD, seq, answer: answerOf() })),
      fc.nat(6).map((seq) => ({ type: 'failed' as const, uploadId: UPLOAD, seq, error: 'x' })),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 12 }), (actions) => {
        let state: PreviewState = opened();
        for (const next of actions) {
          const before: PreviewState = state;
          state = previewReducer(state, next);
          if (!state || !before) throw new Error('closed');
          expect(state.seq).toBeGreaterThanOrEqual(before.seq);
          if (state.status === 'loading') {
            expect(state.request?.seq).toBe(state.seq);
            expect(state.request?.reading).toEqual(readingBody(state.reading));
            expect(state.request?.mapping).toEqual(state.mappingChosen ? state.mapping : undefined);
          } else {
            expect(state.request).toBeNull();
          }
        }
      }),
    );
  });
});

describe('the preview texts', () => {
  const instances: Record<'en' | 'ko', TFunction> = {} as Record<'en' | 'ko', TFunction>;
  beforeAll(async () => {
    for (const [language, bundle] of [
      ['en', en],
      ['ko', ko],
    ] as const) {
      const instance = i18next.createInstance();
      await instance.init({ lng: language, resources: { [language]: { translation: { questionFiles: bundle } } } });
      instances[language] = instance.t;
    }
  });

  test('counts take the plural of their language: one question, never "1 questions"', () => {
    const t = instances.en;
    const summary = (questions: number, records: number) =>
      t('questionFiles.preview.counts.summary', {
        questions: t('questionFiles.preview.counts.questions', { count: questions }),
        records: t('questionFiles.preview.counts.records', { count: records }),
      });
    expect(summary(1, 1)).toBe('The whole file: 1 question of 1 record will be imported.');
    expect(summary(2, 3)).toBe('The whole file: 2 questions of 3 records will be imported.');
    expect(t('questionFiles.preview.confirm', { count: 1 })).toBe('Import 1 question');
    expect(t('questionFiles.preview.ragged.row', { line: 4, count: 1 })).toBe('Line 4: 1 field');
    expect(t('questionFiles.upload.success', { name: 'a.csv', count: 1 })).toBe('a.csv: imported 1 question.');
    expect(t('questionFiles.report.readPackage', { count: 1 })).toBe('Read the Anki deck (.apkg): 1 note.');

    const k = instances.ko;
    expect(
      k('questionFiles.preview.counts.summary', {
        questions: k('questionFiles.preview.counts.questions', { count: 1 }),
        records: k('questionFiles.preview.counts.records', { count: 2 }),
      }),
    ).toBe('파일 전체: 2개 항목 중 1문제를 가져옵니다.');
    expect(k('questionFiles.preview.ragged.warning', { count: 1, usual: 2 })).toContain('1개 항목');
  });

  test('no English text of the feature says "1 <plural>"', () => {
    const t = instances.en;
    const keys: string[] = [];
    const walk = (tree: object, prefix: string) => {
      for (const [key, value] of Object.entries(tree)) {
        if (typeof value === 'string') keys.push(`${prefix}${key}`);
        else walk(value as object, `${prefix}${key}.`);
      }
    };
    walk(en, 'questionFiles.');
    const plural = new Set(keys.filter((key) => key.endsWith('_one')).map((key) => key.slice(0, -4)));
    expect(plural.size).toBeGreaterThan(10);
    for (const key of plural) {
      const text = t(key, { count: 1, line: 2, usual: 3, name: 'n', imported: 1, skipped: 0 });
      expect(text, key).not.toMatch(/\b1 (questions|records|rows|notes|fields|files|problems)\b/);
      expect(text, key).toContain('1');
    }
  });

  test('a suggested reading reads as its choices', () => {
    expect(describeReading(instances.en, { delimiter: '\t', quotes: 'none' })).toBe(
      'Cells separated by: tab · Quotes: As text',
    );
    expect(describeReading(instances.ko, { record_delimiter: '\n\n', header: 'no' })).toBe(
      '항목 구분자: 빈 줄 · 첫 행이 열 이름: 아니요',
    );
  });
});
