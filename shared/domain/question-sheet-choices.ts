/**
 * The choices of a question row: an options cell in every shape people write (split at `|`, a line
 * break or `;`, a JSON list or object, marks like `A.` dropped), an answer naming a choice by letter,
 * number or text, and the question text with its choices as `1) …` lines (D278).
 */

/** A choice written with its own mark (`A.`, `(b)`, `3)`, `C:`): the mark and the text. */
const MARKED_CHOICE = /^\s*[([]?([A-Ta-t]|1\d|20|[1-9])[.):\]]\s+(\S[\s\S]*)$/;

/** The mark's place in the list: A/a and 1 are the first choice. */
function markPlace(mark: string): number {
  return /^\d+$/.test(mark) ? Number(mark) : mark.toLowerCase().charCodeAt(0) - 96;
}

/**
 * Choices each written with their mark in order (`A. x`, `B. y` or `1) x`, `2) y`) lose the marks:
 * the question lists its choices numbered anyway. Marks out of order are text and stay.
 */
export function withoutMarks(options: string[]): string[] {
  if (options.length < 2) return options;
  const marked = options.map((o) => MARKED_CHOICE.exec(o));
  if (!marked.every((m, i) => m && markPlace(m[1]!) === i + 1)) return options;
  return marked.map((m) => m![2]!.trim());
}

// Made on first use: building an ICU collator takes ~11 ms, paid at the cold start of every Lambda
// that imports the sheet rules, though few requests order a keyed list of choices (D499).
let byKey: Intl.Collator | undefined;
const keyCollator = () => (byKey ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));

/** A JSON list of texts, or an object of texts keyed by letter or number (ordered by key); null when neither. */
function jsonOptions(text: string): string[] | null {
  if (!/^[[{][\s\S]*[\]}]$/.test(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const scalar = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';
  if (Array.isArray(parsed)) return parsed.every(scalar) ? parsed.map((v) => String(v).trim()).filter(Boolean) : null;
  if (parsed === null || typeof parsed !== 'object') return null;
  const entries = Object.entries(parsed);
  if (entries.length === 0 || !entries.every(([, v]) => scalar(v))) return null;
  return entries
    .sort(([a], [b]) => keyCollator().compare(a.trim(), b.trim()))
    .map(([, v]) => String(v).trim())
    .filter(Boolean);
}

/**
 * The choices of an options cell: a JSON list of texts, a JSON object of texts keyed `A`, `B`… or
 * `1`, `2`… (ordered by key), else split at `|`, else at newlines, else at `;`. Marks written in
 * order before each choice (`A. x`, `B. y`) are dropped.
 */
export function splitOptionsCell(cell: string): string[] {
  const text = cell.trim();
  if (text === '') return [];
  const json = jsonOptions(text);
  if (json) return withoutMarks(json);
  const separator = text.includes('|') ? '|' : /\r?\n/.test(text) ? /\r?\n/ : text.includes(';') ? ';' : null;
  return withoutMarks(
    separator
      ? text
          .split(separator)
          .map((o) => o.trim())
          .filter(Boolean)
      : [text],
  );
}

/** A choice's text as compared with an answer: width, case, spacing and final punctuation set aside. */
const foldChoice = (text: string) =>
  text
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/(?<=\S)[\s.。!?;…]+$/u, '');

/**
 * The stored answer of a choice question: the number of the right choice (`2`, or `1,3` for
 * several), found from a number, a letter (A..T), the choice's text, or a JSON list of these; an
 * answer that names no choice is kept as written.
 */
export function choiceAnswer(answer: string, options: readonly string[]): string {
  const byText = (part: string): number => {
    const folded = foldChoice(part);
    const index = options.findIndex((o) => foldChoice(o) === folded);
    if (index >= 0) return index + 1;
    // `C. AWS CodePipeline`: the choice's text after its mark.
    const marked = MARKED_CHOICE.exec(part);
    const afterMark = marked ? options.findIndex((o) => foldChoice(o) === foldChoice(marked[2]!)) : -1;
    if (afterMark >= 0) return afterMark + 1;
    const mark = folded.replace(/^[([]?(.+?)[.):\]]?$/, '$1');
    if (/^\d+$/.test(mark) && Number(mark) >= 1 && Number(mark) <= options.length) return Number(mark);
    if (/^[a-t]$/.test(mark) && markPlace(mark) <= options.length) return markPlace(mark);
    return 0;
  };
  const whole = byText(answer);
  if (whole > 0) return String(whole);
  const listed = jsonOptions(answer.trim());
  const parts = (listed ?? answer.split(/[,;|]/)).map((p) => p.trim()).filter(Boolean);
  if (parts.length > 1 || (listed && parts.length === 1)) {
    const numbers = parts.map(byText);
    if (numbers.every((n) => n > 0)) return [...new Set(numbers)].sort((a, b) => a - b).join(',');
  }
  return answer;
}

/** The question text with its choices as lines `1) …`, which the take-exam screen shows as choices. */
export function contentWithChoices(content: string, options: readonly string[]): string {
  if (options.length === 0) return content;
  return [content, ...options.map((o, i) => `${i + 1}) ${o.replace(/\s*\r?\n\s*/g, ' ')}`)]
    .filter((l) => l !== '')
    .join('\n');
}
