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
 * with any closing quote or bracket, followed by whitespace or the end of the text. A period inside
 * a number (3.14) or a name (Node.js) has no space after it and does not end a sentence; Korean
 * needs no abbreviation list, since its sentences end in a verb ending, not a word like "Dr.".
 */
const KOREAN_END = /[.?!。…]+["'”’)\]」』]*(?=\s|$)/g;

export function splitKorean(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(KOREAN_END)) {
    const end = match.index + match[0].length;
    const sentence = text.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** English by sbd (abbreviations, initials, decimals); Korean by {@link splitKorean}. */
export function splitSentences(text: string, language: NotesLanguage): string[] {
  if (language === 'ko') return splitKorean(text);
  return sbd
    .sentences(text, { newline_boundaries: true, sanitize: false })
    .map((s) => s.trim())
    .filter(Boolean);
}
