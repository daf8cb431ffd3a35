/*
 * Korean content beyond the app's own words (D260): Pretendard's frequency slices at weights 400 and 700,
 * unicode-range faces with font-display: swap, so the browser fetches a slice only for a syllable on screen
 * that no earlier font draws; the build keeps them to Korean text and renames them `Pretendard Web`
 * (`scripts/build/korean-font-faces.ts`, D102). The CSS itself is ~30 KB gzipped (one @font-face per
 * slice), so main.tsx imports this module lazily, after the first render.
 */
import 'pretendard/dist/web/static/pretendard-dynamic-subset.css';
