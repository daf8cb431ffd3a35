/**
 * The one answer-checking rule, used by every screen that shows a verdict and by the server, which
 * grades every submitted answer itself (D113). A typed answer is graded like a tutor would: case,
 * width, spacing around Hangul and digits and a final period do not matter, `a|b` accepts each
 * alternative, a choice may be named by its key or typed as its text (D280), and a near miss of a
 * longer answer is "almost" — counted wrong, shown with its difference.
 */

/** Full-width comma, semicolon, period, parenthesis and alphanumerics fold to ASCII first. */
function foldWidth(text: string): string {
  return text.normalize('NFKC');
}

/**
 * Sentence punctuation ending an answer (`.`, `。`, `!`, `?`, `…`, `;`, full-width forms folded
 * first) is not part of it: `Paris.` is `Paris`. An answer that is nothing but such marks keeps them.
 */
const TRAILING_PUNCTUATION = /(?<=[^\s.。｡!?…;])[\s.。｡!?…;]+$/u;

function normalize(text: string): string {
  return foldWidth(text).trim().replace(/\s+/g, ' ').toLowerCase().replace(TRAILING_PUNCTUATION, '');
}

const YES = new Set(['y', 'yes', '예']);
const NO = new Set(['n', 'no', '아니오']);

/** y, yes, 예 → 'Y'; n, no, 아니오 → 'N'; anything else null. */
export function yesNoValue(answer: string): 'Y' | 'N' | null {
  const value = normalize(answer);
  if (YES.has(value)) return 'Y';
  if (NO.has(value)) return 'N';
  return null;
}

/**
 * A choice line of a question's content: a-d / A-D or 1-20 (QUESTION_SHEET_LIMITS.maxChoices),
 * then `.` or `)`; group 1 is the key, group 2 the text.
 */
export const CHOICE_LINE = /^\s*([a-dA-D]|1\d|20|[1-9])[.)]\s*(.*)$/;
const CHOICE_LINES = new RegExp(CHOICE_LINE.source, 'm');

/** A question is multiple choice when its content lists options as lines starting a-d / A-D / 1-20 with . or ). */
export function hasChoiceOptions(content: string): boolean {
  return CHOICE_LINES.test(foldWidth(content));
}

interface Choice {
  key: string;
  text: string;
}

/** The choices listed in a content, as lines `a.` / `1)` …, with their keys lower-cased. */
function listedChoices(content: string): Choice[] {
  const choices: Choice[] = [];
  for (const line of foldWidth(content).split(/\r?\n/)) {
    const match = CHOICE_LINE.exec(line);
    if (match) choices.push({ key: match[1]!.toLowerCase(), text: match[2]!.trim() });
  }
  return choices;
}

/** The place of one named choice: by its key (`b`, `2.`, `(3)`), by its text, or by its place in the list. */
function choicePlace(part: string, choices: readonly Choice[]): number {
  const key = normalize(part).replace(/^[([]?(.+?)[.)\]]?$/, '$1');
  const byKey = choices.findIndex((choice) => choice.key === key);
  if (byKey >= 0) return byKey;
  const typed = comparableAnswer(part);
  const byText = choices.findIndex((choice) => comparableAnswer(choice.text) === typed);
  if (byText >= 0) return byText;
  // A letter for numbered choices, or a number for lettered ones, names the choice at that place.
  const numbered = /^\d+$/.test(choices[0]?.key ?? '');
  const place =
    numbered && /^[a-t]$/.test(key) ? key.charCodeAt(0) - 97 : !numbered && /^\d+$/.test(key) ? Number(key) - 1 : -1;
  return place >= 0 && place < choices.length ? place : -1;
}

/**
 * The choices an answer names, as sorted places: the whole answer as one key or text, else each of
 * its `,` / `;` parts. Null when it names none, or when a part names no choice.
 */
function namedChoices(answer: string, choices: readonly Choice[]): number[] | null {
  if (normalize(answer) === '') return null;
  const whole = choicePlace(answer, choices);
  if (whole >= 0) return [whole];
  const places = normalize(answer)
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => choicePlace(part, choices));
  if (places.length < 2 || places.some((place) => place < 0)) return null;
  return [...new Set(places)].sort((a, b) => a - b);
}

/**
 * A choice question's verdict when its correct answer names choices: the typed or chosen answer is
 * right exactly when it names the same ones (by key or by text); naming other choices is wrong, never
 * almost. A typed text near the one right choice's text is almost. Null when the rule does not apply.
 */
function choiceGrade(given: string, correct: string, content: string): Grade | null {
  const choices = listedChoices(content);
  if (choices.length === 0) return null;
  const wanted = namedChoices(correct, choices);
  if (!wanted) return null;
  const named = namedChoices(given, choices);
  const whole = correct.trim();
  if (named) {
    const same = named.length === wanted.length && named.every((place, i) => place === wanted[i]);
    return { verdict: same ? 'correct' : 'wrong', expected: whole };
  }
  if (wanted.length !== 1) return null;
  const right = choices[wanted[0]!]!.text;
  const typed = comparableAnswer(given);
  const target = comparableAnswer(right);
  const limit = allowedEdits(target);
  const distance = limit > 0 ? editDistance(typed, target, limit) : limit + 1;
  if (distance > limit) return null;
  // Nearer another choice's text, or as near: not a near miss of this one.
  const nearer = choices.some(
    (choice, place) => place !== wanted[0] && editDistance(typed, comparableAnswer(choice.text), distance) <= distance,
  );
  return nearer ? null : { verdict: 'almost', expected: right };
}

function choiceSet(answer: string): string[] {
  return [
    ...new Set(
      normalize(answer)
        .split(/[,;]/)
        .map((part) => part.trim().replace(/[.)]$/, ''))
        .filter(Boolean),
    ),
  ].sort();
}

/** Hangul syllables and jamo, and digits: spacing next to them is not part of a Korean answer (`4 명` = `4명`). */
const SPACE_NEXT_TO_HANGUL_OR_DIGIT = /\s+(?=[\p{Script=Hangul}\p{Nd}])|(?<=[\p{Script=Hangul}\p{Nd}])\s+/gu;

/** The form two typed answers are compared in: normalized, without the spacing that does not matter. */
export function comparableAnswer(text: string): string {
  return normalize(text).replace(SPACE_NEXT_TO_HANGUL_OR_DIGIT, '');
}

/** The accepted alternatives of a correct answer written `a|b|c` (one when there is no `|`). */
export function answerAlternatives(correct: string): string[] {
  const parts = correct
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts : [];
}

/** Below this many characters (in comparable form) an answer is short: no near miss, only right or wrong. */
export const ALMOST_MIN_LENGTH = 5;

/** Edits allowed for a near miss: one per five characters of the expected answer. */
export function allowedEdits(expected: string): number {
  const length = [...expected].length;
  if (length < ALMOST_MIN_LENGTH || /\p{Nd}/u.test(expected)) return 0;
  return Math.floor(length / ALMOST_MIN_LENGTH);
}

/**
 * Levenshtein distance over code points, stopping early past `limit` (returns limit + 1). shared/
 * imports nothing but zod, so the few lines are ours rather than a package's.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= y.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[y.length]!;
}

export type Verdict = 'correct' | 'almost' | 'wrong';

export interface Grade {
  verdict: Verdict;
  /** The alternative the answer matched or came closest to (the whole answer when it has no `|`). */
  expected: string;
}

function matchesOne(given: string, expected: string, content: string): boolean {
  const a = normalize(given);
  const b = normalize(expected);
  if (b === '' || a === '') return false;
  if (a === b || comparableAnswer(a) === comparableAnswer(b)) return true;
  const yesNoGiven = yesNoValue(a);
  if (yesNoGiven && yesNoGiven === yesNoValue(b)) return true;
  if (/[,;]/.test(b) && hasChoiceOptions(content)) {
    const wanted = choiceSet(b);
    const actual = choiceSet(a);
    return wanted.length === actual.length && wanted.every((value, i) => value === actual[i]);
  }
  return false;
}

/**
 * The verdict on `given` for a question whose correct answer is `correct`: `correct` when it equals
 * one alternative (trimmed, case-insensitive, width folded, spacing next to Hangul and digits and
 * final sentence punctuation ignored; yes/no forms are equivalent); for a choice question whose
 * answer names its choices, when it names the same choices by key or by text, as a set (choiceGrade);
 * `almost` when it is within `allowedEdits` of an alternative that is neither short nor numeric;
 * `wrong` otherwise. An empty answer is always wrong.
 */
export function gradeAnswer(given: string, correct: string, content = ''): Grade {
  const whole = correct.trim();
  const choice = normalize(given) === '' ? null : choiceGrade(given, correct, content);
  if (choice) return choice;
  // A choice answer `a|b` is not alternatives when the content lists options: it stays one answer.
  const alternatives = hasChoiceOptions(content) ? [whole] : answerAlternatives(correct);
  if (alternatives.length === 0 || normalize(given) === '') return { verdict: 'wrong', expected: whole };
  for (const alternative of alternatives)
    if (matchesOne(given, alternative, content)) return { verdict: 'correct', expected: alternative };
  const typed = comparableAnswer(given);
  let closest: { expected: string; distance: number } | null = null;
  for (const alternative of alternatives) {
    const target = comparableAnswer(alternative);
    const limit = allowedEdits(target);
    if (limit === 0) continue;
    const distance = editDistance(typed, target, limit);
    if (distance <= limit && (!closest || distance < closest.distance)) closest = { expected: alternative, distance };
  }
  if (closest) return { verdict: 'almost', expected: closest.expected };
  return { verdict: 'wrong', expected: alternatives.length === 1 ? alternatives[0]! : whole };
}

/** True when the answer is graded `correct` (a near miss is not). */
export function isAnswerCorrect(given: string, correct: string, content = ''): boolean {
  return gradeAnswer(given, correct, content).verdict === 'correct';
}
