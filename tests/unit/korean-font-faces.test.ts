import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import {
  koreanFontFaceRange,
  koreanFontForKoreanOnly,
  koreanUnicodeRange,
  PRETENDARD_SLICES_CSS,
  pretendardSlicesCoverage,
  unicodeRangeOf,
} from '../../scripts/build/korean-font-faces.js';
import { uiHangul } from '../../scripts/build/korean-ui-font.js';

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

/** The @font-face rules of the shipped Noto Sans KR weight: subset name, src and unicode-range. */
function fontsourceFaces(weight: 400 | 700): { subset: string; src: string; range: string }[] {
  const css = readFileSync(createRequire(import.meta.url).resolve(`@fontsource/noto-sans-kr/${weight}.css`), 'utf8');
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body = '']) => ({
    subset: /noto-sans-kr-([\w-]+?)-\d00-normal\.woff2/.exec(body)?.[1] ?? '',
    src: /src:\s*([^;]+);/.exec(body)?.[1] ?? '',
    range: /unicode-range:\s*([^;]+);/.exec(body)?.[1] ?? '',
  }));
}

/** The faces Vite keeps of Pretendard's slices (the build's PostCSS plugin run over the package's CSS). */
async function pretendardSlices(): Promise<{ family: string; weight: string; src: string; range: string }[]> {
  const css = readFileSync(createRequire(import.meta.url).resolve(PRETENDARD_SLICES_CSS), 'utf8');
  const result = await postcss([koreanFontForKoreanOnly]).process(css, { from: undefined });
  const faces: { family: string; weight: string; src: string; range: string }[] = [];
  result.root.walkAtRules('font-face', (rule) => {
    const value = (prop: string) => {
      let found = '';
      rule.walkDecls(prop, (decl) => void (found = decl.value));
      return found;
    };
    faces.push({
      family: value('font-family'),
      weight: value('font-weight'),
      src: value('src'),
      range: value('unicode-range'),
    });
  });
  return faces;
}

describe('the Korean fonts serve Korean writing only (D102, D260)', () => {
  it.each([400, 700] as const)(
    'weight %i: Noto Sans KR keeps only what Pretendard lacks, and no Latin code point',
    (weight) => {
      const faces = fontsourceFaces(weight);
      expect(faces.length).toBeGreaterThan(100);
      const pretendard = pretendardSlicesCoverage();
      const drawnByPretendard = (point: number) => pretendard.some(([from, to]) => point >= from && point <= to);
      let kept = 0;
      for (const face of faces) {
        const range = koreanFontFaceRange(face.src, face.range);
        if (range === null) continue;
        kept += 1;
        const before = codePoints(face.range);
        for (const point of codePoints(range)) {
          expect(before.has(point)).toBe(true); // only ever narrowed
          expect(isLatinTextCodePoint(point)).toBe(false);
          expect(drawnByPretendard(point)).toBe(false);
        }
      }
      // Rare Hanja remain Noto's; every Hangul syllable is Pretendard's.
      expect(kept).toBeGreaterThan(0);
      for (let point = 0xac00; point <= 0xd7a3; point += 1) expect(drawnByPretendard(point)).toBe(true);
    },
  );

  it("keeps Pretendard's slices at 400 and 700 only, renamed, WOFF2 alone, every syllable drawn, no Latin", async () => {
    const faces = await pretendardSlices();
    expect(faces).toHaveLength(184);
    expect(new Set(faces.map((face) => face.family))).toEqual(new Set(["'Pretendard Web'"]));
    expect(new Set(faces.map((face) => face.weight))).toEqual(new Set(['400', '700']));
    for (const face of faces) expect(face.src).toMatch(/^url\([^)]*\.woff2\) format\('woff2'\)$/);
    const drawn = new Set<number>();
    for (const face of faces.filter((face) => face.weight === '400')) {
      for (const point of codePoints(face.range)) {
        expect(isLatinTextCodePoint(point)).toBe(false);
        drawn.add(point);
      }
    }
    for (let point = 0xac00; point <= 0xd7a3; point += 1) expect(drawn.has(point)).toBe(true);
  });

  it('drops the Noto faces with nothing Korean (latin, latin-ext, cyrillic, vietnamese)', () => {
    const dropped = fontsourceFaces(400)
      .filter((face) => koreanFontFaceRange(face.src, face.range) === null)
      .map((face) => face.subset);
    for (const subset of ['cyrillic', 'latin', 'latin-ext', 'vietnamese']) expect(dropped).toContain(subset);
  });

  it('clips a range to the Korean blocks it overlaps, less the code points excepted', () => {
    expect(koreanUnicodeRange('U+20-7e')).toBeNull();
    expect(koreanUnicodeRange('U+41,U+ac00-ac01,U+2013')).toBe('U+ac00-ac01');
    expect(koreanUnicodeRange('U+10f0-1110,U+2000-2110')).toBe('U+1100-1110,U+2100-2110');
    expect(koreanUnicodeRange('U+3000,U+2460-24ff')).toBe('U+3000,U+2460-24ff');
    expect(koreanUnicodeRange('U+ac00-ac0f', [[0xac02, 0xac03]])).toBe('U+ac00-ac01,U+ac04-ac0f');
    expect(koreanUnicodeRange('U+ac00-ac0f', [[0xab00, 0xad00]])).toBeNull();
  });

  it('writes a list of code points as a compact range', () => {
    expect(unicodeRangeOf([0xac00, 0xac01, 0xac02, 0xac05, 0xac07, 0xac08])).toBe('U+ac00-ac02,U+ac05,U+ac07-ac08');
  });
});

describe("the UI font's code points (D260)", () => {
  it("are the Hangul of the app's own words, tests left out", () => {
    const points = uiHangul(fileURLToPath(new URL('../..', import.meta.url)));
    const has = (text: string) => [...text].every((char) => points.includes(char.codePointAt(0)!));
    expect(has('로그인')).toBe(true);
    expect(points.length).toBeGreaterThan(300);
    expect(points.length).toBeLessThan(1500);
    expect([...points].sort((a, b) => a - b)).toEqual(points);
  });
});
