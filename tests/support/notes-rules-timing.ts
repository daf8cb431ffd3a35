import { NOTES_PASSAGES } from '../data/notes-passages.js';
import { countWords, generateByRules } from '../../web/src/features/notes/generator/generate.js';
import { parseNotes } from '../../web/src/features/notes/generator/markdown-blocks.js';
import { splitSentences } from '../../web/src/features/notes/generator/sentences.js';
import type { NotesLanguage } from '../../web/src/features/notes/generator/types.js';

/**
 * docs/product.md#questions-from-notes: making questions by rules from 10,000 words of notes, as a ratio to
 * reading the same text alone (Markdown blocks and sentences, no tagging). The notes are the
 * written passages of one language, each copy numbered so no sentence repeats (a repeated sentence
 * is read once). `npm run bench` runs this file in its own process (bench/ imports no web code)
 * and reads the JSON it prints.
 */
function notesOf(language: NotesLanguage, words: number): string {
  const passages = NOTES_PASSAGES.filter((p) => p.language === language).map((p) => p.text);
  const parts: string[] = [];
  let count = 0;
  for (let copy = 1; count < words; copy += 1) {
    for (const passage of passages) {
      const numbered = passage.replace(/([.다])(\s|$)/g, ` ${copy}$1$2`);
      parts.push(numbered);
      count += countWords(numbered);
      if (count >= words) break;
    }
  }
  return parts.join('\n\n');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function timed(rounds: number, work: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return median(times);
}

export function benchNotesRules(
  words = 10_000,
): Array<{ language: NotesLanguage; ms: number; readMs: number; candidates: number }> {
  return (['en', 'ko'] as const).map((language) => {
    const text = notesOf(language, words);
    generateByRules(text, language); // warm-up: the tagger's lexicon loads on first use
    const candidates = generateByRules(text, language).candidates.length;
    const ms = timed(3, () => generateByRules(text, language));
    const readMs = timed(5, () => {
      for (const block of parseNotes(text).blocks) if (block.type === 'prose') splitSentences(block.text, language);
    });
    return { language, ms, readMs, candidates };
  });
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  console.log(JSON.stringify(benchNotesRules()));
}
