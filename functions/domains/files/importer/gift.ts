import { htmlToText } from './anki-text.js';
import type { ReaderSkip } from './parsed-sheet.js';
import type { QuizChoice, QuizRecord } from './quiz-records.js';

/**
 * Moodle's GIFT text format: questions separated by blank lines, `//` comment lines, `$CATEGORY:`
 * lines, an optional `::title::`, and the answers in one `{…}` block — multiple choice
 * `{=right ~wrong}` (`~%50%` weights: every positive one is right), true/false `{T}`/`{F}`, short
 * answer `{=a =b}` (stored `a|b`, each accepted), numerical `{#3.14:0.01}` / `{#1..5}` (the answer as
 * text; the tolerance is written in the explanation, answers are graded as text), feedback after
 * `#` and general feedback after `####` into the explanation. Matching, essay and description
 * questions are listed as skipped by type; a record that follows no rule as unreadable.
 */

interface Block {
  line: number;
  text: string;
}

/** The index of `token` in `text` from `from`, not preceded by a backslash escape. */
function findUnescaped(text: string, token: string, from = 0): number {
  for (let i = from; i <= text.length - token.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text.startsWith(token, i)) return i;
  }
  return -1;
}

/** `\~ \= \# \{ \} \: \\` as the characters, `\n` as a line break. */
export function unescapeGift(text: string): string {
  return text.replace(/\\([~=#{}:n\\])/g, (_, c: string) => (c === 'n' ? '\n' : c)).trim();
}

/** Blank-line separated blocks, comment lines removed, each with the line it starts on. */
function giftBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: string[] = [];
  let start = 0;
  const flush = () => {
    if (current.length) blocks.push({ line: start, text: current.join('\n') });
    current = [];
  };
  text.split(/\r\n|\n|\r/).forEach((line, i) => {
    if (/^\s*\/\//.test(line)) return;
    if (line.trim() === '') return flush();
    if (current.length === 0) start = i + 1;
    current.push(line);
  });
  flush();
  return blocks;
}

const GIFT_BODY = /^\s*(?:[=~#]|T\s*[#}]|F\s*[#}]|TRUE|FALSE|})/i;

/** Whether a `.txt` reads as GIFT: most of its blocks hold one answer block of GIFT's shape. */
export function looksLikeGift(text: string): boolean {
  const blocks = giftBlocks(text).filter((b) => !/^\s*\$CATEGORY:/i.test(b.text));
  if (blocks.length === 0) return false;
  let shaped = 0;
  for (const block of blocks) {
    const open = findUnescaped(block.text, '{');
    if (open < 0) continue;
    const close = findUnescaped(block.text, '}', open + 1);
    if (close < 0 || findUnescaped(block.text, '{', close + 1) >= 0) continue;
    if (GIFT_BODY.test(block.text.slice(open + 1))) shaped++;
  }
  return shaped > 0 && shaped * 2 >= blocks.length;
}

type Parsed = { record: QuizRecord } | { skip: ReaderSkip };

interface Answer {
  mark: '=' | '~';
  text: string;
  weight: number | null;
  feedback: string;
}

/** The body cut at each unescaped `=` and `~`, in one pass (a hostile body stays linear). */
function markedItems(body: string): { mark: string; text: string }[] {
  const items: { mark: string; text: string }[] = [];
  let start = -1;
  let mark = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (c !== '=' && c !== '~') continue;
    if (start >= 0) items.push({ mark, text: body.slice(start, i) });
    else if (body.slice(0, i).trim() !== '') return [{ mark: '', text: body }];
    mark = c;
    start = i + 1;
  }
  if (start >= 0) items.push({ mark, text: body.slice(start) });
  else if (body.trim() !== '') return [{ mark: '', text: body }];
  return items;
}

/** The `=…` / `~…` answers of a block body, each with its `%weight%` and `#feedback`. */
function answersOf(body: string): Answer[] | null {
  const answers: Answer[] = [];
  for (const { mark, text } of markedItems(body)) {
    if (mark !== '=' && mark !== '~') return null;
    let item = text;
    let weight: number | null = null;
    const w = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(item);
    if (w) {
      weight = Number(w[1]);
      item = item.slice(w[0].length);
    }
    const hash = findUnescaped(item, '#');
    answers.push({
      mark,
      text: hash >= 0 ? item.slice(0, hash) : item,
      weight,
      feedback: hash >= 0 ? item.slice(hash + 1) : '',
    });
  }
  return answers;
}

function numericalAnswer(body: string): { answer: string; note: string } | null {
  let spec = body.trim();
  // `{#=3.14:0.01#fine =3:1#close}`: the first full-credit answer.
  if (spec.startsWith('=')) {
    const items = answersOf(spec) ?? [];
    const full = items.find((a) => a.weight === null || a.weight >= 100) ?? items[0];
    if (!full) return null;
    spec = full.text.trim();
  } else {
    const hash = findUnescaped(spec, '#');
    if (hash >= 0) spec = spec.slice(0, hash).trim();
  }
  const range = /^(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)$/.exec(spec);
  if (range) {
    const [min, max] = [Number(range[1]), Number(range[2])];
    if (!Number.isFinite(min) || !Number.isFinite(max)) return null;
    return { answer: String((min + max) / 2), note: `${min}..${max}` };
  }
  const tolerance = /^(-?[\d.eE+-]+)\s*:\s*([\d.eE+-]+)$/.exec(spec);
  if (tolerance) {
    if (!Number.isFinite(Number(tolerance[1]))) return null;
    const margin = Number(tolerance[2]);
    return { answer: tolerance[1]!, note: margin > 0 ? `${tolerance[1]} ± ${tolerance[2]}` : '' };
  }
  return Number.isFinite(Number(spec)) && spec !== '' ? { answer: spec, note: '' } : null;
}

/** A true/false answer (`{T}`, `{FALSE#feedback}`): its two choices and the feedback after `#`. */
function trueFalseOf(body: string, text: (s: string) => string): { choices: QuizChoice[]; feedback: string[] } | null {
  const truth = /^(TRUE|FALSE|T|F)\s*(?:#|$)/i.exec(body);
  if (!truth) return null;
  const value = truth[1]!.toUpperCase().startsWith('T');
  const feedback = body
    .slice(truth[1]!.length)
    .split(/(?<!\\)#/)
    .map(text)
    .filter(Boolean);
  return {
    choices: [
      { text: 'True', correct: value },
      { text: 'False', correct: !value },
    ],
    feedback,
  };
}

/** One question block read by GIFT's rules. */
function readBlock(block: Block, category: string): Parsed {
  const unreadable = { skip: { line: block.line, reason: 'unreadable_record' as const } };
  const unsupported = (type: string) => ({ skip: { line: block.line, reason: 'unsupported_type' as const, type } });
  let rest = block.text.trim();
  let title = '';
  if (rest.startsWith('::')) {
    const end = findUnescaped(rest, '::', 2);
    if (end < 0) return unreadable;
    title = rest.slice(2, end);
    rest = rest.slice(end + 2).trim();
  }
  const marker = /^\[(html|moodle|plain|markdown)\]/i.exec(rest);
  const html = marker?.[1]?.toLowerCase() === 'html';
  if (marker) rest = rest.slice(marker[0].length);
  const text = (s: string) => {
    const plain = unescapeGift(s);
    return html ? htmlToText(plain) : plain;
  };
  const open = findUnescaped(rest, '{');
  if (open < 0) return rest.trim() ? unsupported('description') : unreadable;
  const close = findUnescaped(rest, '}', open + 1);
  if (close < 0) return unreadable;
  const before = rest.slice(0, open).trim();
  const after = rest.slice(close + 1).trim();
  const question = text(after ? `${before} _____ ${after}` : before);
  if (question === '') return unreadable;
  let body = rest.slice(open + 1, close);
  const explanation: string[] = [];
  const general = findUnescaped(body, '####');
  if (general >= 0) {
    explanation.push(text(body.slice(general + 4)));
    body = body.slice(0, general);
  }
  const base = { line: block.line, title: text(title), question, explanation, category };
  const trimmed = body.trim();
  if (trimmed === '') return unsupported('essay');
  if (trimmed.startsWith('#')) {
    const numeric = numericalAnswer(trimmed.slice(1));
    if (!numeric) return unreadable;
    if (numeric.note) explanation.unshift(numeric.note);
    return { record: { ...base, answer: numeric.answer } };
  }
  const truth = trueFalseOf(trimmed, text);
  if (truth) {
    explanation.push(...truth.feedback);
    return { record: { ...base, choices: truth.choices } };
  }
  const answers = answersOf(body);
  if (!answers || answers.length === 0) return unreadable;
  if (answers.some((a) => findUnescaped(a.text, '->') >= 0)) return unsupported('matching');
  const feedbackLines = (a: Answer) => (text(a.feedback) ? [`${text(a.text)}: ${text(a.feedback)}`] : []);
  if (answers.some((a) => a.mark === '~')) {
    const choices: QuizChoice[] = answers.map((a) => ({
      text: text(a.text),
      correct: a.weight === null ? a.mark === '=' : a.weight > 0,
    }));
    explanation.push(...answers.flatMap(feedbackLines));
    return { record: { ...base, choices } };
  }
  const accepted = answers.filter((a) => a.weight === null || a.weight > 0);
  explanation.push(...answers.flatMap(feedbackLines));
  const answer = accepted
    .map((a) => text(a.text))
    .filter(Boolean)
    .join('|');
  return { record: { ...base, answer } };
}

/** Every block of a GIFT file: a question record, or a skipped record with its reason. */
export function readGift(text: string): { records: QuizRecord[]; skipped: ReaderSkip[] } {
  const records: QuizRecord[] = [];
  const skipped: ReaderSkip[] = [];
  let category = '';
  for (const block of giftBlocks(text.replace(/^\uFEFF/, ''))) {
    let current = block;
    const head = /^\s*\$CATEGORY:(.*)$/im.exec(block.text);
    if (head && head.index === block.text.search(/\S/)) {
      category = head[1]!.trim().replace(/^\$\w+\$\//, '');
      const lines = block.text.split('\n');
      if (lines.length === 1) continue;
      current = { line: block.line + 1, text: lines.slice(1).join('\n') };
    }
    const parsed = readBlock(current, category);
    if ('record' in parsed) records.push(parsed.record);
    else skipped.push(parsed.skip);
  }
  return { records, skipped };
}
