/**
 * Cloze deletions (D365–D367): a note's text with gaps written `{{c1::answer}}` or
 * `{{c1::answer::hint}}`, as Anki writes them. Each number is one card: card N shows gap N empty
 * (`[…]`, or `[hint]`) and every other gap filled; its answer is the text of gap N, graded per
 * occurrence with the lenient answer rule. Both the question editor and the notes screen write this
 * syntax, and every reader (exam, review, mail, import, export) reads it through this file.
 *
 * Source rules: `\` escapes the next character (so `\{{c1::x}}` is no gap and `\:` / `\}` may appear
 * in an answer); inside a gap, braces nest (`{{c1::$\frac{a}{b}$}}` ends at the last `}}`) and a code
 * span is opaque (`` {{c1::`a::b`}} `` has no hint); a gap with unbalanced braces ends at its first
 * `}}`, Anki's rule. A gap that never closes is plain text. Gaps do not nest.
 */
import { gradeAnswer, type Grade, type Verdict } from './answer-check.js';
import { plainText, type TextFormat } from './rich-text.js';

/** A stretch of the note's own text, as written (escapes kept). */
export interface ClozeText {
  kind: 'text';
  raw: string;
}

/** One gap: its number, its answer and hint as written (escapes kept). */
export interface ClozeGap {
  kind: 'gap';
  number: number;
  raw: string;
  hint: string | null;
}

export type ClozePart = ClozeText | ClozeGap;

/** Cloze numbers run 1–999, as `c1` … `c999`; Anki's own decks rarely pass 50. */
export const MAX_CLOZE_NUMBER = 999;
const OPENING = /\{\{c([1-9]\d{0,2})::/y;

/** What the question side shows for the hidden gap when it has no hint. */
export const CLOZE_BLANK = '…';

/** The end of a code span opened at `at` (the index after its closing backticks), or -1. */
function codeSpanEnd(text: string, at: number): number {
  let run = 0;
  while (text[at + run] === '`') run++;
  const fence = '`'.repeat(run);
  let from = at + run;
  for (;;) {
    const close = text.indexOf(fence, from);
    if (close < 0) return -1;
    let after = close + run;
    if (text[after] !== '`') return after;
    while (text[after] === '`') after++;
    from = after;
  }
}

interface GapEnd {
  /** Index of the `::` before the hint, or -1. */
  hintAt: number;
  /** Index of the closing `}}`. */
  closeAt: number;
}

/** The balanced end of a gap whose answer starts at `start`, or null when the braces never balance. */
function balancedEnd(text: string, start: number): GapEnd | null {
  let depth = 0;
  let hintAt = -1;
  let at = start;
  while (at < text.length) {
    const character = text[at];
    if (character === '\\') at += 2;
    else if (character === '`') {
      const end = codeSpanEnd(text, at);
      at = end < 0 ? at + 1 : end;
    } else if (character === '{') {
      depth++;
      at++;
    } else if (character === '}') {
      if (depth === 0 && text[at + 1] === '}') return { hintAt, closeAt: at };
      depth = Math.max(0, depth - 1);
      at++;
    } else if (character === ':' && text[at + 1] === ':' && depth === 0 && hintAt < 0) {
      hintAt = at;
      at += 2;
    } else at++;
  }
  return null;
}

/** Anki's own rule for a gap that does not balance: the first `}}`, the first `::` before it. */
function firstEnd(text: string, start: number): GapEnd | null {
  const closeAt = text.indexOf('}}', start);
  if (closeAt < 0) return null;
  const hint = text.indexOf('::', start);
  return { hintAt: hint >= 0 && hint < closeAt ? hint : -1, closeAt };
}

/** A note's text as its parts, in order; joining them back (`serializeCloze`) gives the text exactly. */
export function parseCloze(content: string): ClozePart[] {
  const parts: ClozePart[] = [];
  let textStart = 0;
  let at = 0;
  while (at < content.length) {
    if (content[at] === '\\') {
      at += 2;
      continue;
    }
    OPENING.lastIndex = at;
    const opening = content[at] === '{' ? OPENING.exec(content) : null;
    const start = at + (opening?.[0].length ?? 0);
    const end = opening ? (balancedEnd(content, start) ?? firstEnd(content, start)) : null;
    if (!opening || !end) {
      at++;
      continue;
    }
    if (at > textStart) parts.push({ kind: 'text', raw: content.slice(textStart, at) });
    const answerEnd = end.hintAt >= 0 ? end.hintAt : end.closeAt;
    parts.push({
      kind: 'gap',
      number: Number(opening[1]),
      raw: content.slice(start, answerEnd),
      hint: end.hintAt >= 0 ? content.slice(end.hintAt + 2, end.closeAt) : null,
    });
    at = end.closeAt + 2;
    textStart = at;
  }
  if (textStart < content.length) parts.push({ kind: 'text', raw: content.slice(textStart) });
  return parts;
}

/** The source text of parts: the inverse of `parseCloze`. */
export function serializeCloze(parts: readonly ClozePart[]): string {
  return parts
    .map((part) =>
      part.kind === 'text' ? part.raw : `{{c${part.number}::${part.raw}${part.hint === null ? '' : `::${part.hint}`}}}`,
    )
    .join('');
}

function gaps(content: string): ClozeGap[] {
  return parseCloze(content).filter((part): part is ClozeGap => part.kind === 'gap');
}

/** Whether a text holds at least one gap. */
export function hasCloze(content: string): boolean {
  return content.includes('{{c') && gaps(content).length > 0;
}

/** The distinct cloze numbers of a note, ascending: one card each. */
export function clozeNumbers(content: string): number[] {
  return [...new Set(gaps(content).map((gap) => gap.number))].sort((a, b) => a - b);
}

/** The next free number, for the editor's "make a gap". */
export function nextClozeNumber(content: string): number {
  return Math.min(MAX_CLOZE_NUMBER, Math.max(0, ...clozeNumbers(content)) + 1);
}

/**
 * The text as a reader sees it: a plain field unescapes the cloze escapes itself (it is shown as typed);
 * a Markdown field keeps them, since Markdown reads `\{` as `{` and `\:` as `:`.
 */
function shown(raw: string, format: TextFormat): string {
  return format === 'markdown' ? raw : raw.replace(/\\([{}:\\])/g, '$1');
}

/** The hidden gap: `[…]` or `[hint]`; brackets escaped in Markdown so they never start a link. */
function blank(hint: string | null, format: TextFormat): string {
  const inside = hint !== null && hint.trim() !== '' ? shown(hint.trim(), format) : CLOZE_BLANK;
  return format === 'markdown' ? `\\[${inside}\\]` : `[${inside}]`;
}

/** The question side of card `number`: its gaps hidden, every other gap filled with its answer. */
export function clozeQuestion(content: string, number: number, format: TextFormat = 'plain'): string {
  return parseCloze(content)
    .map((part) => {
      if (part.kind === 'text') return shown(part.raw, format);
      return part.number === number ? blank(part.hint, format) : shown(part.raw, format);
    })
    .join('');
}

/**
 * The answer side of card `number`: the whole text with every gap filled, gap `number` marked (bold in
 * Markdown, `[answer]` in plain text, or as `mark` says).
 */
export function clozeAnswerSide(
  content: string,
  number: number,
  format: TextFormat = 'plain',
  mark: (answer: string) => string = format === 'markdown' ? (answer) => `**${answer}**` : (answer) => `[${answer}]`,
): string {
  return parseCloze(content)
    .map((part) => {
      if (part.kind === 'text') return shown(part.raw, format);
      const answer = shown(part.raw, format);
      return part.number === number && answer.trim() !== '' ? mark(answer.trim()) : answer;
    })
    .join('');
}

/** The whole text with every gap filled and nothing marked: what search and export previews read. */
export function clozeFilled(content: string, format: TextFormat = 'plain'): string {
  return parseCloze(content)
    .map((part) => shown(part.raw, format))
    .join('');
}

/** The answers of card `number`, one per occurrence of its gap, in the plain form a grader compares. */
export function clozeAnswers(content: string, number: number, format: TextFormat = 'plain'): string[] {
  return gaps(content)
    .filter((gap) => gap.number === number)
    .map((gap) => plainText(shown(gap.raw.replace(/\\:/g, ':'), format), format).trim());
}

/** Several occurrences of one gap are typed in one field, separated by this (and shown so). */
export const CLOZE_ANSWER_SEPARATOR = '; ';

/** The stored answer of card `number`: its occurrences joined by `; ` (the answer a sheet shows). */
export function clozeExpected(content: string, number: number, format: TextFormat = 'plain'): string {
  return clozeAnswers(content, number, format).join(CLOZE_ANSWER_SEPARATOR);
}

/**
 * The answer a cloze card stores and shows: gap `number`'s occurrences as written (Markdown kept, so
 * math and code render), joined by `; `. Graders read its plain form, as for any question.
 */
export function clozeAnswerText(content: string, number: number, format: TextFormat = 'plain'): string {
  return gaps(content)
    .filter((gap) => gap.number === number)
    .map((gap) => shown(gap.raw.replace(/\\:/g, ':'), format).trim())
    .join(CLOZE_ANSWER_SEPARATOR);
}

/** Each text, answer and hint of a note passed through `store` (the importer's escaping), gaps kept. */
export function mapClozeTexts(content: string, store: (text: string) => string): string {
  // The store may trim (escapeMarkdown does): the spaces at a part's edges are the note's own.
  const keep = (text: string) => {
    const lead = /^\s*/.exec(text)![0];
    const trail = text.slice(lead.length).match(/\s*$/)![0];
    const core = text.slice(lead.length, text.length - trail.length);
    return core === '' ? text : lead + store(core) + trail;
  };
  return serializeCloze(
    parseCloze(content).map((part) =>
      part.kind === 'text'
        ? { ...part, raw: keep(part.raw) }
        : { ...part, raw: keep(part.raw), hint: part.hint === null ? null : keep(part.hint) },
    ),
  );
}

export interface ClozeGrade {
  verdict: Verdict;
  /** One grade per occurrence of the gap, in order. */
  gaps: Grade[];
}

/** `correct` when every gap is; `almost` when each is correct or almost; `wrong` otherwise. */
function overall(grades: readonly Grade[]): Verdict {
  if (grades.length > 0 && grades.every((grade) => grade.verdict === 'correct')) return 'correct';
  if (grades.length > 0 && grades.every((grade) => grade.verdict !== 'wrong')) return 'almost';
  return 'wrong';
}

/**
 * Grades a typed answer for card `number`, gap by gap with the lenient rule (gradeAnswer). `given` is
 * one answer per occurrence, or one string: split at `;` when the gap occurs more than once.
 */
export function gradeCloze(
  given: string | readonly string[],
  content: string,
  number: number,
  format: TextFormat = 'plain',
): ClozeGrade {
  const expected = clozeAnswers(content, number, format);
  const typed = typeof given === 'string' ? (expected.length > 1 ? given.split(/[;；]/) : [given]) : [...given];
  const grades = expected.map((answer, index) => gradeAnswer(typed[index] ?? '', answer));
  return { verdict: overall(grades), gaps: grades };
}

/**
 * The editor's "make a gap": wraps `content[start, end)` in the next free number (or `number`), keeping
 * spaces at the selection's edges outside the gap. Null when the selection is empty, only spaces, or
 * crosses a gap's own syntax.
 */
export function makeGap(
  content: string,
  start: number,
  end: number,
  number = nextClozeNumber(content),
): { content: string; number: number; selection: [number, number] } | null {
  const [from, to] = start <= end ? [start, end] : [end, start];
  const selected = content.slice(from, to);
  const inner = selected.trim();
  if (inner === '' || /\{\{|\}\}/.test(inner)) return null;
  const lead = selected.length - selected.trimStart().length;
  const gapStart = from + lead;
  const gapEnd = gapStart + inner.length;
  if (insideGap(content, gapStart) || insideGap(content, gapEnd)) return null;
  const gap = `{{c${number}::${inner}}}`;
  const out = content.slice(0, gapStart) + gap + content.slice(gapEnd);
  return { content: out, number, selection: [gapStart, gapStart + gap.length] };
}

/** Whether `index` falls inside a gap's source (the editor never wraps part of a gap). */
function insideGap(content: string, index: number): boolean {
  let at = 0;
  for (const part of parseCloze(content)) {
    const length = serializeCloze([part]).length;
    if (part.kind === 'gap' && index > at && index < at + length) return true;
    at += length;
  }
  return false;
}

/** What a card stored as a cloze card carries beside its question side (D366). */
export interface ClozeCard {
  cloze?: number;
  cloze_note?: string;
  format?: TextFormat;
}

/** The whole sentence a cloze card reveals after it is answered (its gap marked), or null for other questions. */
export function revealedSentence(card: ClozeCard): string | null {
  if (card.cloze === undefined || !card.cloze_note) return null;
  return clozeAnswerSide(card.cloze_note, card.cloze, card.format ?? 'plain');
}
