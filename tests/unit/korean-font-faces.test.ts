import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { koreanFontFaceRange, koreanUnicodeRange } from '../../scripts/build/korean-font-faces.js';

/** Code points of a `unicode-range` value (`U+hex` or `U+hex-hex`, comma-separated). */
function codePoints(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const [first = '', last = first] = part.trim().replace(/^U\+/i, '').split('-');
    for (let point = Number.parseInt(first, 16); point <= Number.parseInt(last, 16); point += 1) points.add(point);
  }
  return points;
}

/** Latin, Greek, Cyrillic and the punctuation, sub/superscripts and currency signs Latin text uses. */
const isLatinTextCodePoint = (point: number) => point < 0x1100 || (point >= 0x1e00 && point <= 0x20ff);
const isHangulSyllable = (point: number) => point >= 0xac00 && point <= 0xd7a3;

/** The @font-face rules of the shipped Noto Sans KR weight: subset name, src and unicode-range. */
function fontsourceFaces(weight: 400 | 700): { subset: string; src: string; range: string }[] {
  const css = readFileSync(createRequire(import.meta.url).resolve(`@fontsource/noto-sans-kr/${weight}.css`), 'utf8');
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body = '']) => ({
    subset: /noto-sans-kr-([\w-]+?)-\d00-normal\.woff2/.exec(body)?.[1] ?? '',
    src: /src:\s*([^;]+);/.exec(body)?.[1] ?? '',
    range: /unicode-range:\s*([^;]+);/.exec(body)?.[1] ?? '',
  }));
}

describe('the Korean font serves Korean writing only (D102)', () => {
  it.each([400, 700] as const)(
    'weight %i: every Hangul syllable keeps its subset, no Latin code point keeps one',
    (weight) => {
      const faces = fontsourceFaces(weight);
      expect(faces.length).toBeGreaterThan(100);
      const syllablesBefore = new Set<number>();
      const syllablesAfter = new Set<number>();
      for (const face of faces) {
        const kept = koreanFontFaceRange(face.src, face.range);
        const before = codePoints(face.range);
        for (const point of before) if (isHangulSyllable(point)) syllablesBefore.add(point);
        if (kept === null) continue;
        const after = codePoints(kept);
        for (const point of after) {
          expect(before.has(point)).toBe(true); // only ever narrowed
          expect(isLatinTextCodePoint(point)).toBe(false);
          if (isHangulSyllable(point)) syllablesAfter.add(point);
        }
      }
      expect(syllablesAfter).toEqual(syllablesBefore);
      expect(syllablesAfter.size).toBe(0xd7a3 - 0xac00 + 1);
    },
  );

  it('drops the faces with nothing Korean (latin, latin-ext, cyrillic, vietnamese)', () => {
    const dropped = fontsourceFaces(400)
      .filter((face) => koreanFontFaceRange(face.src, face.range) === null)
      .map((face) => face.subset)
      .sort();
    expect(dropped).toEqual(['cyrillic', 'latin', 'latin-ext', 'vietnamese']);
  });

  it('clips a range to the Korean blocks it overlaps', () => {
    expect(koreanUnicodeRange('U+20-7e')).toBeNull();
    expect(koreanUnicodeRange('U+41,U+ac00-ac01,U+2013')).toBe('U+ac00-ac01');
    expect(koreanUnicodeRange('U+10f0-1110,U+2000-2110')).toBe('U+1100-1110,U+2100-2110');
    expect(koreanUnicodeRange('U+3000,U+2460-24ff')).toBe('U+3000,U+2460-24ff');
  });
});
