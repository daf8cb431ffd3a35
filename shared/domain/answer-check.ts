/**
 * The one answer-checking rule (spec 2 §5), used by the take-exam screen and by the server,
 * which grades every submitted answer itself.
 */

/** Full-width comma, semicolon, period, parenthesis and alphanumerics fold to ASCII first. */
function foldWidth(text: string): string {
  return text.normalize('NFKC');
}

function normalize(text: string): string {
  return foldWidth(text).trim().replace(/\s+/g, ' ').toLowerCase();
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

/** A question is multiple choice when its content lists options as lines starting a-d / A-D / 1-4 with . or ). */
export function hasChoiceOptions(content: string): boolean {
  return /^\s*[a-dA-D1-4][.)]/m.test(foldWidth(content));
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

/**
 * True when `given` answers a question whose correct answer is `correct`:
 * trimmed, case-insensitive equality; yes/no forms are equivalent; a multiple-choice answer
 * (content with options and a correct answer holding a comma or semicolon) compares as a set.
 */
export function isAnswerCorrect(given: string, correct: string, content = ''): boolean {
  const a = normalize(given);
  const b = normalize(correct);
  if (b === '') return false;
  if (a === b) return true;
  const yesNoGiven = yesNoValue(a);
  if (yesNoGiven && yesNoGiven === yesNoValue(b)) return true;
  if (/[,;]/.test(b) && hasChoiceOptions(content)) {
    const expected = choiceSet(b);
    const actual = choiceSet(a);
    return expected.length === actual.length && expected.every((value, i) => value === actual[i]);
  }
  return false;
}
