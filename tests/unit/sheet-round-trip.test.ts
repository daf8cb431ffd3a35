import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeRows, type SheetReading } from '#shared/domain/question-sheet.js';
import { sheetColumns } from '../../functions/domains/files/importer/import.js';
import { parseTextSheet } from '../../functions/domains/files/importer/text-sheet.js';

/*
 * Round trip of text decks: cards written by a correct writer (RFC 4180 CSV, TSV, `;`) or by the
 * common broken ones (a space before a quoted cell, inner quotes left undoubled, one closing quote
 * lost) and read back as the importer reads them. Every card comes back as written, or a line of its
 * record is listed (a ragged record, a repair, a skipped row); any other question comes from a line
 * listed or inside such a listed card's record.
 */

/** Cell text: Hangul, quotes, delimiters, line breaks, leading spaces, formula marks, Markdown. */
const piece = fc.constantFrom(
  '사과',
  '한국어 문장',
  'word',
  'two words',
  '"',
  '"quoted"',
  ',',
  ';',
  '\t',
  '\n',
  '  ',
  '=SUM(A1)',
  '+1',
  '-x',
  '@home',
  '**bold**',
  '# heading',
  '- item',
  '`code`',
  '|',
  '1',
  '42',
);
/** A cell with some text that is not blank once trimmed. */
const cell = fc
  .array(piece, { minLength: 1, maxLength: 5 })
  .map((parts) => parts.join(''))
  .filter((text) => /[\p{L}\p{N}]/u.test(text));
const deck = fc.array(fc.tuple(cell, cell), { minLength: 1, maxLength: 12 });

interface Written {
  text: string;
  /** The line each card's record starts on, and how many lines it spans. */
  spans: { line: number; lines: number }[];
}

type Quoter = (cell: string, delimiter: string) => string;

/** RFC 4180: cells holding the delimiter, a quote, a line break or outer spaces are quoted, inner quotes doubled. */
const rfc: Quoter = (text, delimiter) =>
  text.includes(delimiter) || /["\r\n]/.test(text) || text.trim() !== text ? `"${text.replaceAll('"', '""')}"` : text;
/** A writer that quotes what needs it but leaves inner quotes undoubled. */
const undoubled: Quoter = (text, delimiter) => (text.includes(delimiter) || /[\r\n]/.test(text) ? `"${text}"` : text);

/**
 * A quote left undoubled before a delimiter, a line break or the cell's end, or an unquoted cell
 * opening with one, is byte for byte valid quoting of other text: no reader can tell. The
 * undoubled writer's quotes are therefore inside words (`"rounds"Q`) and its cells open with a letter.
 */
const unquotedStarts = (cards: readonly [string, string][]) =>
  cards.map(
    (card) =>
      card.map((c) => {
        const inner = c.replaceAll('"', '"Q');
        return inner.trimStart().startsWith('"') ? `x${inner}` : inner;
      }) as [string, string],
  );

function write(cards: readonly [string, string][], delimiter: string, quote: Quoter, space = false): Written {
  const join = space ? `${delimiter} ` : delimiter;
  const header: [string, string] = ['question', 'answer'];
  const records = [header, ...cards].map(([q, a]) => `${quote(q, delimiter)}${join}${quote(a, delimiter)}`);
  const spans: Written['spans'] = [];
  let line = 1;
  records.forEach((record, i) => {
    const lines = record.split('\n').length;
    if (i > 0) spans.push({ line, lines });
    line += lines;
  });
  return { text: `${records.join('\n')}\n`, spans };
}

/** One closing quote lost: the last quote of the `index`-th card's record removed. */
function loseQuote(written: Written, index: number): Written {
  const lines = written.text.split('\n');
  const span = written.spans[index]!;
  for (let l = span.line + span.lines - 2; l >= span.line - 1; l--) {
    const at = lines[l]!.lastIndexOf('"');
    if (at >= 0) {
      lines[l] = lines[l]!.slice(0, at) + lines[l]!.slice(at + 1);
      return { ...written, text: lines.join('\n') };
    }
  }
  return written;
}

const clean = (text: string) => text.trim();

/** The cards read back: each one found as written, or a line of its record listed; nothing else read. */
function checkRoundTrip(
  cards: readonly [string, string][],
  written: Written,
  extension: 'csv' | 'tsv' | 'txt',
  reading: SheetReading = {},
) {
  const sheet = parseTextSheet(Buffer.from(written.text), extension, reading);
  const { columns, rows, lines } = sheetColumns(sheet);
  const outcome = normalizeRows(rows, columns, lines);
  const listed = new Set<number>([
    ...sheet.repairs.map((r) => r.line),
    ...(sheet.shape?.ragged ?? []).map((r) => r.line),
    ...(outcome.ok ? outcome.skipped_rows.map((r) => r.line) : []),
  ]);
  const anyListed = (line: number, count: number) =>
    Array.from({ length: count }, (_, k) => line + k).some((l) => listed.has(l));
  const headerSpan = { line: 1, lines: 1 };
  if (!outcome.ok) {
    // Nothing read as a question: every card must be accounted for by a listed line.
    for (const span of written.spans)
      expect(anyListed(span.line, span.lines) || listed.has(headerSpan.line)).toBe(true);
    return;
  }
  const byLine = new Map<number, { content: string; answer: string }>();
  outcome.questions.forEach((q, i) => byLine.set(outcome.lines[i]!, q));
  const expectedLines = new Set<number>();
  cards.forEach(([q, a], i) => {
    const span = written.spans[i]!;
    expectedLines.add(span.line);
    const got = byLine.get(span.line);
    const same = got !== undefined && got.content === clean(q) && got.answer === clean(a);
    if (!same && !anyListed(span.line, span.lines)) {
      throw new Error(
        `card ${i + 1} (line ${span.line}) came back as ${JSON.stringify(got)}, expected ${JSON.stringify([clean(q), clean(a)])}, and no line of it is listed\n${written.text}`,
      );
    }
  });
  // A question from inside a card's record is that card's listed difference, or a silent one.
  const listedCard = (line: number) =>
    written.spans.some(
      (span) => line >= span.line && line < span.line + span.lines && anyListed(span.line, span.lines),
    );
  for (const line of byLine.keys()) {
    if (!expectedLines.has(line) && !listed.has(line) && !listedCard(line))
      throw new Error(`a question came from line ${line}, which starts no card and is not listed\n${written.text}`);
  }
}

describe('text decks read back as written, or every difference listed', () => {
  it('RFC 4180 CSV, TSV and `;` come back unchanged; broken writers lose nothing silently', () => {
    fc.assert(
      fc.property(deck, fc.nat(), (cards, seed) => {
        const csv = write(cards, ',', rfc);
        checkRoundTrip(cards, csv, 'csv');
        checkRoundTrip(cards, write(cards, '\t', rfc), 'tsv');
        checkRoundTrip(cards, write(cards, ';', rfc), 'csv');
        // Broken writers, read with the delimiter the learner sees in the preview (quotes detected):
        // a deck of one or two cards cannot tell its delimiter once its quotes are broken.
        const comma = { delimiter: ',' } as const;
        checkRoundTrip(cards, write(cards, ',', rfc, true), 'csv', comma);
        const plain = unquotedStarts(cards);
        checkRoundTrip(plain, write(plain, ',', undoubled), 'csv', comma);
        checkRoundTrip(plain, write(plain, '\t', undoubled), 'txt', { delimiter: '\t' });
        checkRoundTrip(cards, loseQuote(csv, seed % cards.length), 'csv', comma);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('a correct writer loses nothing at all: every card comes back, nothing listed', () => {
    fc.assert(
      fc.property(deck, (cards) => {
        for (const [delimiter, extension] of [
          [',', 'csv'],
          ['\t', 'tsv'],
          [';', 'csv'],
        ] as const) {
          const written = write(cards, delimiter, rfc);
          const sheet = parseTextSheet(Buffer.from(written.text), extension);
          const { columns, rows, lines } = sheetColumns(sheet);
          const outcome = normalizeRows(rows, columns, lines);
          if (!outcome.ok) throw new Error(outcome.code);
          const unique = new Map(cards.map(([q, a]) => [JSON.stringify([clean(q), clean(a)]), [clean(q), clean(a)]]));
          expect(outcome.questions.map((q) => [q.content, q.answer])).toEqual([...unique.values()]);
          // Only cells holding line breaks are listed, line by line (a quote after a delimiter and a
          // space inside a quoted cell may be noted too: a note, never a loss).
          const breaks = written.spans.flatMap((span) =>
            span.lines > 1 ? Array.from({ length: span.lines }, (_, k) => span.line + k) : [],
          );
          expect(sheet.repairs.filter((r) => r.kind !== 'quote_after_space')).toEqual(
            breaks.map((line) => ({ line, kind: 'cell_over_lines' })),
          );
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
