import type { Declaration, Plugin as PostcssPlugin } from 'postcss';

/**
 * The code points the Korean font keeps: from Hangul Jamo (U+1100) on, except U+1E00–U+20FF (Latin
 * and Greek extended, general punctuation, super- and subscripts, currency signs), which Latin text
 * is made of. Hangul, Hanja, CJK punctuation and the symbols Korean text takes from the font
 * (arrows, circled numbers, box drawing) stay.
 */
const KOREAN_FONT_CODE_POINTS: readonly (readonly [number, number])[] = [
  [0x1100, 0x1dff],
  [0x2100, 0x10ffff],
];

const hex = (codePoint: number) => `U+${codePoint.toString(16)}`;

/**
 * A `unicode-range` value (as Fontsource writes it: `U+hex` or `U+hex-hex`, comma-separated) cut
 * to KOREAN_FONT_CODE_POINTS, or `null` when nothing is left.
 */
export function koreanUnicodeRange(range: string): string | null {
  const kept = range.split(',').flatMap((part) => {
    const [first = '', last = first] = part.trim().replace(/^U\+/i, '').split('-');
    const [start, end] = [Number.parseInt(first, 16), Number.parseInt(last, 16)];
    return KOREAN_FONT_CODE_POINTS.flatMap(([blockStart, blockEnd]) => {
      const [from, to] = [Math.max(start, blockStart), Math.min(end, blockEnd)];
      if (from > to) return [];
      return [from === to ? hex(from) : `${hex(from)}-${to.toString(16)}`];
    });
  });
  return kept.length > 0 ? kept.join(',') : null;
}

/**
 * What stays of a Noto Sans KR `@font-face` (its `src` and `unicode-range`): the cut range of one of
 * Fontsource's numbered Korean subsets, or `null` for a face to drop — the Latin, Latin Extended,
 * Cyrillic and Vietnamese subsets, and a Korean subset with nothing left.
 */
export function koreanFontFaceRange(src: string, range: string): string | null {
  return /noto-sans-kr-\d+-\d+-normal\.woff2/.test(src) ? koreanUnicodeRange(range) : null;
}

/**
 * The PostCSS plugin `web/vite.config.ts` runs over all CSS: Noto Sans KR for Korean text only (D102). Fontsource's CSS also maps Latin letters, digits and
 * punctuation to the font, spread over a dozen subsets: where the system has none of the stack's
 * Latin fonts (Linux without Arial look-alikes, where Lighthouse runs), any text pulled those
 * subsets in, and each arrival laid the page out again. Latin now comes from the system's
 * sans-serif, as it does on phones and desktops that have one of the stack's fonts.
 */
export const koreanFontForKoreanOnly: PostcssPlugin = {
  postcssPlugin: 'quizbank-korean-font-for-korean-only',
  AtRule: {
    'font-face': (rule) => {
      const declaration = (property: string) =>
        rule.nodes?.find((node): node is Declaration => node.type === 'decl' && node.prop === property);
      const [family, src, range] = [declaration('font-family'), declaration('src'), declaration('unicode-range')];
      if (!family?.value.includes('Noto Sans KR') || !src || !range) return;
      const kept = koreanFontFaceRange(src.value, range.value);
      if (kept === null) rule.remove();
      else range.value = kept;
    },
  },
};
