/**
 * The cloze syntax the notes emit (`{{c1::answer}}`, one card per number), and the minimal reading
 * of it this feature needs to check its own output. The cloze question type owns the full syntax.
 */
export const gap = (number: number, answer: string) => `{{c${number}::${answer}}}`;

/** `text` with the span [start, end) made gap number `number`. */
export function withGap(text: string, start: number, end: number, number = 1): string {
  return `${text.slice(0, start)}${gap(number, text.slice(start, end))}${text.slice(end)}`;
}

export interface GapSpan {
  number: number;
  answer: string;
  /** The text right before and after the gap, up to the nearest space or punctuation. */
  before: string;
  after: string;
}

const GAP = /\{\{c(\d+)::(.*?)(?:::(.*?))?\}\}/g;
const BOUNDARY = /[\s"'“”‘’()[\]{}<>「」『』,.;:!?·…|—-]/u;

function glued(text: string, from: number, step: 1 | -1): string {
  let out = '';
  for (let i = from; i >= 0 && i < text.length; i += step) {
    const char = text[i] ?? '';
    if (BOUNDARY.test(char)) break;
    out = step === 1 ? out + char : char + out;
  }
  return out;
}

/** The gaps of a content, each with the letters glued to it on either side. */
export function readGaps(content: string): GapSpan[] {
  return [...content.matchAll(GAP)].map((match) => ({
    number: Number(match[1]),
    answer: match[2] ?? '',
    before: glued(content, match.index - 1, -1),
    after: glued(content, match.index + match[0].length, 1),
  }));
}
