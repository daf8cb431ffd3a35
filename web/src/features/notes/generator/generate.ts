import { josa } from 'es-hangul';
import { makeGap, parseCloze, serializeCloze } from '#shared/domain/cloze.js';
import { findDefinition } from './definitions.js';
import { englishTerms, koreanTerms, type TermContext, type TermSpan } from './key-terms.js';
import { splitParticle } from './korean-particles.js';
import { parseNotes, type NotesBlock } from './markdown-blocks.js';
import { detectLanguage, splitSentences } from './sentences.js';

export { detectLanguage };
import { NOTES_LIMITS, type Candidate, type GenerateResult, type NotesLanguage } from './types.js';

/** The first `max` words of the text, and how many it had. */
export function capWords(text: string, max: number = NOTES_LIMITS.maxWords): { text: string; words: number } {
  let count = 0;
  for (const match of text.matchAll(/\S+/g)) {
    count += 1;
    if (count === max + 1) return { text: text.slice(0, match.index), words: countWords(text) };
  }
  return { text, words: count };
}

export const countWords = (text: string) => text.match(/\S+/g)?.length ?? 0;

/** How often each term occurs in the notes: stems of Korean words, lower-cased English words and pairs. */
function termContext(blocks: NotesBlock[], marked: Set<string>, language: NotesLanguage): TermContext {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const texts = blocks.flatMap((block) =>
    block.type === 'prose'
      ? [block.text]
      : block.type === 'list'
        ? block.items
        : block.type === 'heading'
          ? [block.text]
          : block.rows.flat(),
  );
  for (const text of texts) {
    const words = text.split(/[\s,.;:!?()"'“”]+/).filter(Boolean);
    words.forEach((word, i) => {
      if (language === 'ko') add(splitParticle(word).stem);
      else {
        add(word.toLowerCase());
        if (i > 0) add(`${words[i - 1]} ${word}`.toLowerCase());
      }
    });
  }
  return { frequency: (term) => counts.get(term) ?? 0, marked };
}

/** The best-scoring key term of a sentence, or null when it has none worth a gap. */
function bestTerm(
  sentence: string,
  language: NotesLanguage,
  context: TermContext,
  skip: string | null,
): TermSpan | null {
  const spans = language === 'ko' ? koreanTerms(sentence, context) : englishTerms(sentence, context);
  let best: TermSpan | null = null;
  for (const span of spans) {
    if (span.text === skip) continue;
    // A term the sentence says twice gives its own answer away beside the gap.
    const score = sentence.split(span.text).length > 2 ? span.score - 3 : span.score;
    if (!best || score > best.score) best = { ...span, score };
  }
  return best && best.score >= 2 ? best : null;
}

interface Builder {
  language: NotesLanguage;
  context: TermContext;
  out: Candidate[];
  seen: Set<string>;
  /** Sentences already read: a repeated one is tagged once (tagging is the slow part). */
  sentences: Set<string>;
}

function push(builder: Builder, candidate: Omit<Candidate, 'id' | 'tier' | 'language'>) {
  const key = `${candidate.content}\u0000${candidate.answers.join('\u0000')}`;
  if (builder.seen.has(key)) return;
  builder.seen.add(key);
  builder.out.push({ ...candidate, id: `r${builder.out.length + 1}`, tier: 'rules', language: builder.language });
}

/** Korean words (어절) carry their particles, so a Korean sentence says as much in fewer of them. */
const MIN_SENTENCE_WORDS = { ko: 3, en: 4 } as const;
/** Longer is no sentence (text without punctuation, a pasted table): no card, and no long tagging in one slice. */
const MAX_SENTENCE_WORDS = 60;

/** Whether the shared cloze rule reads `content`'s gaps back as exactly `answers` (a term holding `::` or a backslash would not be). */
function gapsReadAs(content: string, answers: readonly string[]): boolean {
  const read = parseCloze(content).flatMap((part) => (part.kind === 'gap' && part.hint === null ? [part.raw] : []));
  return read.length === answers.length && read.every((answer, i) => answer === answers[i]);
}

/** Gap number `number` holding `answer`, as the shared rule writes it. */
const gap = (number: number, answer: string) => serializeCloze([{ kind: 'gap', number, raw: answer, hint: null }]);

function fromSentence(builder: Builder, sentence: string) {
  if (builder.sentences.has(sentence)) return;
  builder.sentences.add(sentence);
  const words = sentence.split(/\s+/).length;
  if (words < MIN_SENTENCE_WORDS[builder.language] || words > MAX_SENTENCE_WORDS || /\{\{|\}\}/.test(sentence)) return;
  const definition = findDefinition(sentence, builder.language);
  if (definition) {
    push(builder, { kind: 'definition', content: definition.question, answers: [definition.term], source: sentence });
  }
  // The defined term is asked by the definition card already: the gap goes on another term.
  const term = bestTerm(sentence, builder.language, builder.context, definition?.term ?? null);
  const made = term ? makeGap(sentence, term.start, term.end, 1) : null;
  const answer = term?.text.trim() ?? '';
  if (made && gapsReadAs(made.content, [answer])) {
    push(builder, { kind: 'cloze', content: made.content, answers: [answer], source: sentence });
  }
}

/** A list's item may be "term: description" or "term — description": only the term becomes the gap. */
function itemTerm(item: string): string {
  const head = /^(.{1,40}?)\s*(?::|—|–| - )\s*\S/.exec(item)?.[1];
  return head && head.trim().length >= 2 ? head.trim() : item;
}

function fromList(builder: Builder, heading: string, items: string[]) {
  const short = items.filter((item) => item.split(/\s+/).length <= 12 && !/\{\{|\}\}/.test(item));
  const terms = short.map(itemTerm);
  const lines = short.map((item, i) => {
    const term = terms[i] ?? item;
    return `${gap(i + 1, term)}${item.slice(term.length)}`;
  });
  // One line: a line break inside a CSV cell makes the import report warn about every such row.
  const content = `**${heading}**: ${lines.join('; ')}`;
  const listCard =
    heading !== '' &&
    short.length >= 2 &&
    short.length <= NOTES_LIMITS.maxListItems &&
    short.length === items.length &&
    gapsReadAs(content, terms);
  if (listCard) {
    push(builder, { kind: 'list', content, answers: terms, source: `${heading}: ${short.join('; ')}` });
  }
  // Items the list card already asks are read as sentences only when they say more than a term.
  for (const item of items) {
    if (listCard && item.split(/\s+/).length < 8) continue;
    for (const sentence of splitSentences(item, builder.language)) fromSentence(builder, sentence);
  }
}

function tableQuestion(language: NotesLanguage, header: string[], definition: string): string {
  const [termName = '', definitionName = ''] = header;
  if (language === 'ko') {
    return termName && definitionName
      ? `다음 ${definitionName}에 해당하는 ${josa(termName, '은/는')}? ${definition}`
      : `다음 설명에 해당하는 용어는? ${definition}`;
  }
  return termName && definitionName
    ? `Which ${termName.toLowerCase()} has this ${definitionName.toLowerCase()}: ${definition}?`
    : `Which term matches: ${definition}?`;
}

function fromTable(builder: Builder, header: string[], rows: string[][]) {
  for (const row of rows) {
    const [term = '', definition = ''] = row;
    if (term.length < 1 || definition.split(/\s+/).length < 2 || /\{\{|\}\}/.test(term + definition)) continue;
    push(builder, {
      kind: 'table',
      content: tableQuestion(builder.language, header, definition),
      answers: [term],
      source: row.join(' | '),
    });
  }
}

function* fromBlock(builder: Builder, block: NotesBlock): Generator<void> {
  if (block.type === 'prose') {
    for (const sentence of splitSentences(block.text, builder.language)) {
      fromSentence(builder, sentence);
      yield;
    }
  } else if (block.type === 'list') fromList(builder, block.heading, block.items);
  else if (block.type === 'table') fromTable(builder, block.header, block.rows);
}

/**
 * The rules' work, one block of the notes at a time: each `yield` is a point where the screen may
 * paint (English tagging takes about a quarter of a millisecond a word). Answers the result.
 */
export function* rulesSteps(notes: string, language: NotesLanguage): Generator<number, GenerateResult> {
  const capped = capWords(notes);
  const { blocks, marked } = parseNotes(capped.text);
  const builder: Builder = {
    language,
    context: termContext(blocks, marked, language),
    out: [],
    seen: new Set(),
    sentences: new Set(),
  };
  for (const [index, block] of blocks.entries()) {
    if (builder.out.length > NOTES_LIMITS.maxCandidates) break;
    for (const _ of fromBlock(builder, block)) yield index / blocks.length;
    yield (index + 1) / blocks.length;
  }
  return {
    candidates: builder.out.slice(0, NOTES_LIMITS.maxCandidates),
    words: Math.min(capped.words, NOTES_LIMITS.maxWords),
    cappedFrom: capped.words > NOTES_LIMITS.maxWords ? capped.words : null,
    candidatesCapped: builder.out.length > NOTES_LIMITS.maxCandidates,
  };
}

/**
 * docs/product.md#questions-from-notes: questions made from notes by rules, on this device. Each candidate keeps
 * the sentence (or list, or table row) it came from, and every answer is found verbatim in it.
 */
export function generateByRules(notes: string, language: NotesLanguage = detectLanguage(notes)): GenerateResult {
  const steps = rulesSteps(notes, language);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** {@link generateByRules} in slices of about 30 ms, so the screen stays responsive; stops when aborted. */
export async function generateByRulesAsync(
  notes: string,
  language: NotesLanguage,
  options: { signal?: AbortSignal; onProgress?(share: number): void } = {},
): Promise<GenerateResult | null> {
  const steps = rulesSteps(notes, language);
  let sliceStart = performance.now();
  for (;;) {
    if (options.signal?.aborted) return null;
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart > 30) {
      options.onProgress?.(step.value);
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceStart = performance.now();
    }
  }
}
