import sbd from 'sbd';
import type { NotesLanguage } from './types.js';

const HANGUL = /[\uac00-\ud7a3]/g;
const LETTER = /[\p{L}]/gu;

/** Korean when at least a fifth of the letters are Hangul syllables (notes mix in English terms). */
export function detectLanguage(text: string): NotesLanguage {
  const sample = text.slice(0, 20_000);
  const letters = sample.match(LETTER)?.length ?? 0;
  const hangul = sample.match(HANGUL)?.length ?? 0;
  return letters > 0 && hangul / letters >= 0.2 ? 'ko' : 'en';
}

/**
 * The Korean sentence end (docs/decisions/questions-from-notes.md): `.`, `?`, `!`, `。` or `…`,
 * with any closing quote or bracket, followed by whitespace or the end of the text; or, in notes
 * written without periods, a line break after a final ending (다, 요, 죠, 까, 음, 함, 임, 됨). A
 * period inside a number (3.14) or a name (Node.js) has no space after it and ends nothing; Korean
 * needs no abbreviation list, since its sentences end in a verb ending, not a word like "Dr.".
 * Any other line break is a wrapped line.
 */
const KOREAN_END = /[.?!。…]+["'”’)\]」』]*(?=\s|$)|(?<=[다요죠까음함임됨])[ \t]*\n/g;

export function splitKorean(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  const push = (end: number) => {
    const sentence = text.slice(start, end).replace(/\s+/g, ' ').trim();
    if (sentence) sentences.push(sentence);
    start = end;
  };
  for (const match of text.matchAll(KOREAN_END)) push(match.index + match[0].length);
  push(text.length);
  return sentences;
}

/** English by sbd (abbreviations, initials, decimals); Korean by {@link splitKorean}. */
export function splitSentences(text: string, language: NotesLanguage): string[] {
  if (language === 'ko') return splitKorean(text);
  // A line break inside a paragraph is a wrapped line (PDF text is wrapped at every line).
  return sbd
    .sentences(text.replace(/\s*\n\s*/g, ' '), { newline_boundaries: false, sanitize: false })
    .map((s) => s.trim())
    .filter(Boolean);
}
