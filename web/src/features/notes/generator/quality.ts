import { readGaps } from './cloze-text.js';
import { isKoreanParticle } from './korean-particles.js';
import type { Candidate } from './types.js';

/** Whether every answer of a candidate is found verbatim in its source. */
export const answersInSource = (candidate: Candidate) =>
  candidate.answers.length > 0 &&
  candidate.answers.every((answer) => answer !== '' && candidate.source.includes(answer));

/**
 * A gap that splits a Korean word: letters glued to its left (the gap starts inside a word), or
 * Hangul glued to its right that is not a particle (`{{c1::서}}울은`, `{{c1::서울은}}` is allowed).
 */
export function splitsKoreanWord(candidate: Candidate): boolean {
  return readGaps(candidate.content).some(
    (g) => g.before !== '' || (g.after !== '' && /[\uac00-\ud7a3]/.test(g.after) && !isKoreanParticle(g.after)),
  );
}

/** Candidates whose question and answers repeat an earlier one's (case and spacing aside). */
export function duplicateCount(candidates: Candidate[]): number {
  const seen = new Set<string>();
  let duplicates = 0;
  for (const candidate of candidates) {
    const key = `${candidate.content}|${candidate.answers.join('|')}`.toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(key)) duplicates += 1;
    seen.add(key);
  }
  return duplicates;
}

export interface QualityFigures {
  passages: number;
  candidates: number;
  perPassage: number;
  verbatimShare: number;
  duplicates: number;
  koreanSplits: number;
}

export function qualityFigures(perPassage: Candidate[][]): QualityFigures {
  const all = perPassage.flat();
  return {
    passages: perPassage.length,
    candidates: all.length,
    perPassage: perPassage.length ? all.length / perPassage.length : 0,
    verbatimShare: all.length ? all.filter(answersInSource).length / all.length : 1,
    duplicates: perPassage.reduce((sum, list) => sum + duplicateCount(list), 0),
    koreanSplits: all.filter((c) => c.language === 'ko' && splitsKoreanWord(c)).length,
  };
}
