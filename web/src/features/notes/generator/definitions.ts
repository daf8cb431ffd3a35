import { josa } from 'es-hangul';
import type { NotesLanguage } from './types.js';

/** A sentence that defines a term: the term as written, and the rest as a question stem. */
export interface Definition {
  term: string;
  /** The question asked from the definition (in the notes' language). */
  question: string;
}

/** "X is a/an/the Y", "X are the Y", "X refers to Y", "X means Y", "X is defined as Y". */
const ENGLISH =
  /^(?:(?:A|An|The)\s+)?([A-Za-z][\w'’()\-/ ]{1,60}?)\s+(?:(?:is|are)\s+(?:defined as\s+)?((?:a|an|the)\s+.+?)|refers? to\s+(.+?)|means\s+(.+?))[.!]?$/;

/** "X(이)란 Y(이)다", "X(이)란 Y을/를 말한다", "X은/는 Y을/를 말한다/뜻한다/의미한다/가리킨다/일컫는다". */
const KOREAN_RAN =
  /^(\S(?:[^,]{0,30}?\S)??)(이란|란|이라 함은|라 함은)\s+(.+?)(?:이다|다|을 말한다|를 말한다|을 뜻한다|를 뜻한다|을 의미한다|를 의미한다)\.?$/;
const KOREAN_MEANS =
  /^(\S(?:[^,]{0,30}?\S)?)(은|는)\s+(.+?)(?:을|를)\s+(?:말한다|뜻한다|의미한다|가리킨다|일컫는다|이른다)\.?$/;

const wordCount = (text: string) => text.trim().split(/\s+/).length;

function english(sentence: string): Definition | null {
  const match = ENGLISH.exec(sentence.trim());
  if (!match) return null;
  const term = (match[1] ?? '').trim();
  const rest = (match[2] ?? match[3] ?? match[4] ?? '').trim();
  if (wordCount(term) > 5 || wordCount(rest) < 3 || /^(it|this|that|these|those|there|he|she|they)$/i.test(term)) {
    return null;
  }
  return { term, question: `What term is defined as ${rest}?` };
}

/** The term of a Korean definition: `법이란` gives 법 (이란 after a final consonant), `민주주의란` 민주주의. */
function korean(sentence: string): Definition | null {
  const trimmed = sentence.trim();
  const ran = KOREAN_RAN.exec(trimmed);
  const means = ran ? null : KOREAN_MEANS.exec(trimmed);
  const match = ran ?? means;
  if (!match) return null;
  const term = (match[1] ?? '').trim();
  const rest = (match[3] ?? '').trim().replace(/(이)$/, '');
  if (wordCount(term) > 4 || wordCount(rest) < 2 || /^(이|그|이것|그것|이는)$/.test(term)) return null;
  return { term, question: `${josa(rest, '을/를')} 무엇이라고 하나요?` };
}

export function findDefinition(sentence: string, language: NotesLanguage): Definition | null {
  return language === 'ko' ? korean(sentence) : english(sentence);
}
