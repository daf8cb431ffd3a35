import { describe, expect, test } from 'vitest';
import { generateByRules } from '../../web/src/features/notes/generator/generate.js';
import { qualityFigures } from '../../web/src/features/notes/generator/quality.js';
import { NOTES_PASSAGES } from '../data/notes-passages.js';

/** docs/product.md#questions-from-notes reports these figures; this test keeps them true. */
describe('notes by rules over the written passages', () => {
  const perPassage = NOTES_PASSAGES.map((passage) => generateByRules(passage.text, passage.language).candidates);

  test('at least 50 passages, in both languages and five topics', () => {
    expect(NOTES_PASSAGES.length).toBeGreaterThanOrEqual(50);
    expect(new Set(NOTES_PASSAGES.map((p) => p.language))).toEqual(new Set(['ko', 'en']));
    expect(new Set(NOTES_PASSAGES.map((p) => p.topic)).size).toBe(5);
  });

  test('every answer verbatim in its source, no duplicates, no Korean word split from its particle', () => {
    const figures = qualityFigures(perPassage);
    for (const language of ['ko', 'en'] as const) {
      const part = qualityFigures(perPassage.filter((_, i) => NOTES_PASSAGES[i]?.language === language));
      console.info(`notes by rules (${language}):`, JSON.stringify(part));
    }
    expect(figures.verbatimShare).toBe(1);
    expect(figures.koreanSplits).toBe(0);
    expect(figures.duplicates).toBe(0);
    expect(figures.perPassage).toBeGreaterThanOrEqual(2);
    for (const [i, candidates] of perPassage.entries()) {
      expect(candidates.length, NOTES_PASSAGES[i]?.id).toBeGreaterThan(0);
      for (const candidate of candidates) expect(candidate.tier).toBe('rules');
    }
  });

  test('the passages language is what the rules detect', () => {
    for (const passage of NOTES_PASSAGES) {
      expect(generateByRules(passage.text).candidates[0]?.language, passage.id).toBe(passage.language);
    }
  });
});
