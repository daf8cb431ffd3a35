import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Declaration, Plugin as PostcssPlugin } from 'postcss';

type Interval = readonly [number, number];

/**
 * The code points the Korean fonts keep: from Hangul Jamo (U+1100) on, except U+1E00–U+20FF (Latin
 * and Greek extended, general punctuation, super- and subscripts, currency signs), which Latin text
 * is made of. Hangul, Hanja, CJK punctuation and the symbols Korean text takes from the font
 * (arrows, circled numbers, box drawing) stay.
 */
const KOREAN_FONT_CODE_POINTS: readonly Interval[] = [
  [0x1100, 0x1dff],
  [0x2100, 0x10ffff],
];

/** The weights the app draws Korean with; 500/600 round to these (D170). */
const WEIGHTS = new Set(['400', '700']);

/** The Pretendard CSS whose frequency-sliced faces draw Korean content (D260). */
export const PRETENDARD_SLICES_CSS = 'pretendard/dist/web/static/pretendard-dynamic-subset.css';

const hex = (codePoint: number) => `U+${codePoint.toString(16)}`;

/** A `unicode-range` value (`U+hex` or `U+hex-hex`, comma-separated) as intervals. */
function intervalsOf(range: string): Interval[] {
  return range.split(',').map((part) => {
    const [first = '', last = first] = part.trim().replace(/^U\+/i, '').split('-');
    return [Number.parseInt(first, 16), Number.parseInt(last, 16)] as const;
  });
}

/** Sorted, merged intervals. */
function merged(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = out.at(-1);
    if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/** `interval` minus the sorted, merged `holes`. */
function subtract([start, end]: Interval, holes: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let from = start;
  for (const [holeStart, holeEnd] of holes) {
    if (holeEnd < from || holeStart > end) continue;
    if (holeStart > from) out.push([from, holeStart - 1]);
    from = Math.max(from, holeEnd + 1);
    if (from > end) return out;
  }
  if (from <= end) out.push([from, end]);
  return out;
}

const rangeOf = (intervals: readonly Interval[]) =>
  intervals.length === 0
    ? null
    : intervals.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${to.toString(16)}`)).join(',');

/**
 * A `unicode-range` value cut to KOREAN_FONT_CODE_POINTS, less the code points in `except` (a sorted,
 * merged interval list), or `null` when nothing is left.
 */
export function koreanUnicodeRange(range: string, except: readonly Interval[] = []): string | null {
  const kept = intervalsOf(range).flatMap(([start, end]) =>
    KOREAN_FONT_CODE_POINTS.flatMap(([blockStart, blockEnd]): Interval[] => {
      const [from, to] = [Math.max(start, blockStart), Math.min(end, blockEnd)];
      return from > to ? [] : subtract([from, to], except);
    }),
  );
  return rangeOf(kept);
}

/** A sorted list of code points as a compact `unicode-range` value. */
export function unicodeRangeOf(codePoints: readonly number[]): string {
  return rangeOf(merged(codePoints.map((point) => [point, point] as const))) ?? '';
}

let pretendardCoverage: Interval[] | undefined;

/** The code points Pretendard's slices draw (weight 400; every weight covers the same). */
export function pretendardSlicesCoverage(): Interval[] {
  if (!pretendardCoverage) {
    const css = readFileSync(createRequire(import.meta.url).resolve(PRETENDARD_SLICES_CSS), 'utf8');
    const ranges = [...css.matchAll(/@font-face\s*{([^}]*)}/g)]
      .map(([, body = '']) => body)
      .filter((body) => /font-weight:\s*400\b/.test(body))
      .flatMap((body) => intervalsOf(/unicode-range:\s*([^;]+);/.exec(body)?.[1] ?? ''));
    pretendardCoverage = merged(ranges);
  }
  return pretendardCoverage;
}

/**
 * What stays of a Noto Sans KR `@font-face` (its `src` and `unicode-range`): the Korean code points of
 * one of Fontsource's numbered Korean subsets that Pretendard's slices do not draw — rare Hanja, old
 * Hangul — or `null` for a face to drop: the Latin, Latin Extended, Cyrillic and Vietnamese subsets,
 * and every subset Pretendard covers whole.
 */
export function koreanFontFaceRange(src: string, range: string): string | null {
  return /noto-sans-kr-\d+-\d+-normal\.woff2/.test(src) ? koreanUnicodeRange(range, pretendardSlicesCoverage()) : null;
}

/**
 * The PostCSS plugin `web/vite.config.ts` runs over all CSS: the Korean fonts for Korean text only
 * (D102) — where the system has none of the stack's Latin fonts (Linux without Arial look-alikes, where
 * Lighthouse runs), Latin text would pull in font files and lay the page out again on each arrival.
 * Pretendard's slices are kept at the app's two weights, renamed `Pretendard Web` (so a locally installed
 * Pretendard keeps its name) and given their WOFF2 file alone; Noto Sans KR keeps what Pretendard lacks.
 */
export const koreanFontForKoreanOnly: PostcssPlugin = {
  postcssPlugin: 'quizbank-korean-font-for-korean-only',
  AtRule: {
    'font-face': (rule) => {
      const declaration = (property: string) =>
        rule.nodes?.find((node): node is Declaration => node.type === 'decl' && node.prop === property);
      const [family, src, range, weight] = ['font-family', 'src', 'unicode-range', 'font-weight'].map(declaration);
      if (!family || !src || !range) return;
      if (family.value.includes('Noto Sans KR')) {
        const kept = koreanFontFaceRange(src.value, range.value);
        if (kept === null) rule.remove();
        else range.value = kept;
        return;
      }
      const slice = /url\(([^)]*woff2-dynamic-subset\/Pretendard-[A-Za-z]+\.subset\.\d+\.woff2)\)/.exec(src.value);
      if (!/^['"]?Pretendard['"]?$/.test(family.value) || !slice) return;
      const kept = WEIGHTS.has(weight?.value.trim() ?? '') ? koreanUnicodeRange(range.value) : null;
      if (kept === null) return void rule.remove();
      family.value = "'Pretendard Web'";
      src.value = `url(${slice[1]}) format('woff2')`;
      range.value = kept;
    },
  },
};
