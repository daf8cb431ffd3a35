/**
 * A question's title when it has none of its own, and when a title only repeats its question (D281,
 * docs/product.md#question-sheet-format): a headerless card gets the first words of its question, and
 * a screen shows a title equal to the question's text once.
 */

import { plainText, type TextFormat } from './rich-text.js';

/** Words and characters of a title made from a question. */
export const SHORT_TITLE = { words: 6, chars: 40 } as const;

/** Characters as the limits count them (code points: a Hangul syllable is one); cheap for 20,000 titles. */
const codePoints = (text: string) => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

// Graphemes only for a cut inside a word (an emoji sequence stays whole); one segmenter for every title.
let segmenter: Intl.Segmenter | undefined;
const graphemes = (text: string) => [
  ...(segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text),
];

/**
 * The first words of a text's first non-blank line: at most {@link SHORT_TITLE}.words words and
 * .chars characters, cut between words (Korean words are space-separated too) with `…` when cut. A
 * first word longer than the limit (a URL, a line without spaces) is cut between characters, never
 * inside a Hangul syllable or an emoji.
 */
export function shortTitle(text: string): string {
  // The title needs its first 40 characters: a few hundred of the line are read, never a whole 10,000-character cell.
  const line = (text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '').trim().slice(0, 400).replace(/\s+/g, ' ');
  const words = line.split(' ').filter(Boolean);
  if (words.length <= SHORT_TITLE.words && codePoints(line) <= SHORT_TITLE.chars) return line;
  // Cut: the words kept and the `…` fit the limits together.
  const kept: string[] = [];
  for (const word of words) {
    const next = [...kept, word].join(' ');
    if (kept.length >= SHORT_TITLE.words || codePoints(next) > SHORT_TITLE.chars - 1) break;
    kept.push(word);
  }
  if (kept.length === 0) {
    const cut = graphemes(line)
      .slice(0, SHORT_TITLE.chars - 1)
      .map((g) => g.segment)
      .join('');
    return `${cut}…`;
  }
  // A cut title ends on its word, not on the comma or colon that led on to the next one.
  return `${kept.join(' ').replace(/[\s,;:·、，：；-]+$/u, '')}…`;
}

const fold = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/[.。!?;:…]+$/u, '');

/**
 * Whether a title says nothing its question's text (in its plain form) does not: the two are the
 * same once case, width, spacing and final punctuation are set aside. A screen that shows both shows
 * such a title once.
 */
export function titleRepeatsText(title: string, text: string): boolean {
  const a = fold(title);
  return a !== '' && a === fold(text);
}

/**
 * Whether a question's title repeats the text a screen shows under it (its plain form): take-exam,
 * practice and review then keep the heading for screen readers only, and the exam detail's list
 * leaves the collapsed text out under the title.
 */
export function titleRepeatsQuestion(title: string, content: string, format?: TextFormat): boolean {
  return titleRepeatsText(title, plainText(content, format));
}
