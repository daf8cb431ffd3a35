/*
 * The fallback Korean web font, for the rare Hangul syllables the shipped Pretendard subset lacks (base.css,
 * D170): weights 400 and 700 only. Fontsource's CSS splits it into unicode-range subsets with font-display:
 * swap, so the browser fetches a subset only for a syllable no earlier font draws; the build keeps the font to
 * Korean text (`scripts/build/korean-font-faces.ts`, D102). The CSS itself is large (~50 KB gzipped: one
 * @font-face per subset), so main.tsx imports this module lazily, after the first render.
 */
import '@fontsource/noto-sans-kr/400.css';
import '@fontsource/noto-sans-kr/700.css';
