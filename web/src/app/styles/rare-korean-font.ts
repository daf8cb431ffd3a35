/*
 * Noto Sans KR for what Pretendard lacks, rare Hanja mostly (D260): the build keeps only those code points
 * (`scripts/build/korean-font-faces.ts`). Rarely needed and ~18 KB of CSS, so main.tsx imports it once the
 * first screen has had its turn.
 */
import '@fontsource/noto-sans-kr/400.css';
import '@fontsource/noto-sans-kr/700.css';
