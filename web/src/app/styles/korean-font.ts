/*
 * The shipped Korean web font, weights 400 and 700 only (500/600 round to them). Fontsource's CSS
 * splits it into unicode-range subsets with font-display: swap, so the browser fetches only the
 * subsets a page's Hangul needs; the build keeps the font to Korean text (`scripts/build/korean-font-faces.ts`, D102),
 * Latin comes from the system. The CSS itself is large (~50 KB gzipped: one @font-face per subset),
 * so main.tsx imports this module lazily, after the first render, to keep it off the critical path.
 */
import '@fontsource/noto-sans-kr/400.css';
import '@fontsource/noto-sans-kr/700.css';
