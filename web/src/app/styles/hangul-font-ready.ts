import type { Language } from '#shared/domain/language.js';

/**
 * Local fonts that draw Hangul at once: the ones before 'Pretendard UI' in --font-sans, and the ones
 * 'Pretendard Fallback' scales to Pretendard's metrics (base.css).
 */
const LOCAL_KOREAN_FONTS = [
  'Pretendard Regular',
  'Pretendard-Regular',
  'Apple SD Gothic Neo',
  'AppleSDGothicNeo-Regular',
  'Malgun Gothic',
  'Noto Sans CJK KR',
  'NotoSansCJKkr-Regular',
  'Noto Sans KR',
  'NanumGothic',
];
/** How long a first Korean screen may wait for the web font: past it, it shows and the text swaps later. */
const WAIT_MS = 1500;

/**
 * On a machine with no Korean font at all, Hangul has nothing to be drawn with until 'Pretendard UI'
 * arrives: empty boxes of another width, then text that takes other lines and moves what follows
 * (D256). There, a Korean start-up waits for the UI font's two weights (~35 KB each, D260; at most
 * WAIT_MS) before the first screen, behind the start-up spinner, and every start-up marks the page for
 * base.css's repair of text shaped before its face arrived (D505); anywhere a local Korean font exists
 * it waits for nothing, marks nothing and downloads nothing.
 */
export async function hangulFontReady(language: Language): Promise<void> {
  if (typeof FontFace === 'undefined' || !document.fonts) return;
  const probe = new FontFace('quizbank-local-hangul', LOCAL_KOREAN_FONTS.map((name) => `local('${name}')`).join(', '));
  const hasLocalFont = await probe.load().then(
    () => true,
    () => false,
  );
  if (hasLocalFont) return;
  // Hangul comes from web fonts only: base.css repairs text shaped before its face arrived (D505).
  document.documentElement.dataset.hangulFont = 'web';
  if (language !== 'ko') return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(['400', '700'].map((weight) => document.fonts.load(`${weight} 1em 'Pretendard UI'`, '가'))).catch(
      () => undefined,
    ),
    new Promise((resolve) => (timer = setTimeout(resolve, WAIT_MS))),
  ]);
  clearTimeout(timer);
}
