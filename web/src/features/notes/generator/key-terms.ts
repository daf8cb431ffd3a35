import nlp from 'compromise/two';
import { splitParticle } from './korean-particles.js';

/** A key term as it stands in its sentence: `start`/`end` index the sentence, so the gap is verbatim. */
export interface TermSpan {
  text: string;
  start: number;
  end: number;
  score: number;
}

/** What the whole notes say about a term: how often it appears, whether the author marked it. */
export interface TermContext {
  frequency(term: string): number;
  marked: ReadonlySet<string>;
}

const ENGLISH_STOP = new Set([
  'thing',
  'things',
  'way',
  'ways',
  'part',
  'parts',
  'example',
  'examples',
  'type',
  'types',
  'kind',
  'kinds',
  'number',
  'lot',
  'time',
  'times',
  'one',
  'use',
  'case',
  'cases',
  'fact',
  'result',
  'results',
  'form',
  'forms',
  'something',
  'anything',
  'everything',
  'nothing',
  'people',
  'today',
  'year',
  'years',
  'other',
  'others',
  'i',
  'e.g',
  'i.e',
  'etc',
  // Words of any subject: a gap on them asks for nothing the notes teach.
  'process',
  'object',
  'objects',
  'word',
  'words',
  'resource',
  'system',
  'care',
  'figure',
  'source',
  'law',
  'agreement',
  'item',
  'items',
  'place',
  'idea',
  'ideas',
  'state',
  'action',
]);

const KOREAN_STOP = new Set([
  '것',
  '이것',
  '그것',
  '저것',
  '수',
  '때',
  '등',
  '및',
  '또한',
  '이러한',
  '그러한',
  '경우',
  '때문',
  '우리',
  '자신',
  '하나',
  '다음',
  '위',
  '아래',
  '중',
  '후',
  '전',
  '이',
  '그',
  '저',
  '여기',
  '거기',
  '모든',
  '각',
  '대부분',
  '일부',
  '가장',
  '매우',
  '더',
  '이후',
  '이전',
  '사이',
  '현재',
  '오늘',
  '당시',
  '정도',
  '이는',
  '예를',
  '사람',
  '물체',
  '대상',
  '과정',
  '방법',
  '예',
  '즉',
  '따라서',
  '그러나',
  '하지만',
  '그리고',
  '또는',
  '특히',
  '주로',
  '다른',
  '같은',
  '여러',
]);

/** Stems that are verbs or adjectives before an ending that looks like a particle (사용하는, 만드는). */
const KOREAN_VERBAL_END =
  /(하|되|시키|려)$|^(만드|이루|가지|나타내|보이|부르|흐르|모르|자르|고르|따르|이르|오르|다르|커다|기르|누르)$/;

const wordAt = (sentence: string, start: number, end: number) =>
  (start === 0 || !/[\p{L}\p{N}]/u.test(sentence[start - 1] ?? '')) &&
  (end >= sentence.length || !/[\p{L}\p{N}]/u.test(sentence[end] ?? ''));

/** English key terms: noun phrases from compromise's tagger, leading determiners and pronouns dropped. */
export function englishTerms(sentence: string, context: TermContext): TermSpan[] {
  const spans: TermSpan[] = [];
  let from = 0;
  for (const phrase of nlp(sentence).match('#Noun+').json() as Array<{
    terms: Array<{ text: string; tags: string[] }>;
  }>) {
    const terms = phrase.terms.filter((term) => !term.tags.includes('Pronoun') && term.text);
    const last = terms.at(-1);
    // "A verb describes an action": a plural "noun" right before a determiner is the verb the tagger missed.
    if (terms.length > 1 && last?.tags.includes('Plural')) {
      const after = sentence.slice(sentence.indexOf(last.text, from) + last.text.length);
      if (/^\s+(?:the|a|an|its|their|his|her|this|that|these|those|our|your)\b/i.test(after)) terms.pop();
    }
    const text = terms.map((term) => term.text).join(' ');
    const lower = text.toLowerCase();
    if (text.length < 3 || ENGLISH_STOP.has(lower) || /^\d+$/.test(text) || /[{}:]/.test(text)) continue;
    const start = sentence.indexOf(text, from);
    if (start < 0 || !wordAt(sentence, start, start + text.length)) continue;
    from = start + text.length;
    const proper = terms.some((term) => term.tags.includes('ProperNoun') || term.tags.includes('Acronym'));
    const score =
      2 * Math.min(context.frequency(lower), 4) +
      (proper ? 3 : 0) +
      (terms.length > 1 ? 1 : 0) +
      (context.marked.has(text) ? 4 : 0) +
      (start === 0 ? 1 : 0);
    spans.push({ text, start, end: start + text.length, score });
  }
  return spans;
}

const KOREAN_WORD = /[^\s"'“”‘’()[\]{}<>「」『』,.;:!?·…]+/g;

/**
 * Korean key terms: a word (어절) whose end is a particle ({@link splitParticle}), or a Latin or
 * mixed term; the gap covers the stem only, so its particle stays outside.
 */
export function koreanTerms(sentence: string, context: TermContext): TermSpan[] {
  const spans: TermSpan[] = [];
  for (const match of sentence.matchAll(KOREAN_WORD)) {
    const word = match[0];
    const { stem, particle } = splitParticle(word);
    const latin = /^[A-Za-z][A-Za-z0-9+#.-]*$/.test(stem);
    if (!particle && !latin) continue;
    if (stem.length < 2 || KOREAN_STOP.has(stem) || /^\d/.test(stem) || /[{}:]/.test(stem)) continue;
    if (!latin && KOREAN_VERBAL_END.test(stem) && /^(는|은|를|을|가|이|고|며|서)$/.test(particle)) continue;
    if (!latin && !/^[\uac00-\ud7a3A-Za-z0-9]+$/.test(stem)) continue;
    const subject = /^(은|는|이|가|란|이란)$/.test(particle);
    const score =
      2 * Math.min(context.frequency(stem), 4) +
      (subject ? 2 : particle === '을' || particle === '를' ? 1 : 0) +
      (latin ? 1 : 0) +
      (context.marked.has(stem) ? 4 : 0) +
      (stem.length >= 3 ? 1 : 0);
    const start = compoundStart(sentence, match.index);
    spans.push({
      text: sentence.slice(start, match.index + stem.length),
      start,
      end: match.index + stem.length,
      score,
    });
  }
  return spans;
}

/** A bare noun right before a term joins it (해시 테이블, 세포 호흡): one word without particle or verb ending. */
const BARE_NOUN = /(?:^|\s)([\uac00-\ud7a3A-Za-z0-9·]{2,})\s$/;
const NOT_NOUN_END = /[는은을를한된던인운적게히이고며서면로록지의에도만]$/;

function compoundStart(sentence: string, start: number): number {
  const before = BARE_NOUN.exec(sentence.slice(0, start));
  const word = before?.[1];
  if (!word || NOT_NOUN_END.test(word) || splitParticle(word).particle || KOREAN_STOP.has(word) || /^\d+$/.test(word)) {
    return start;
  }
  return start - word.length - 1;
}
