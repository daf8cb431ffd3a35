import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { testCsrf } from '#shared/contracts/system.js';
import { App } from './app/app.js';
import { createAppRouter } from './app/router.js';
import { loadBundledTranslations } from './app/i18n/load-bundle.js';
import { hangulFontReady } from './app/styles/hangul-font-ready.js';
import { registerServiceWorkerLater } from './app/service-worker.js';
import { Spinner } from './components/ui/spinner/spinner.js';
import { checkAuthStatus } from './lib/auth/api/check-auth-status.js';
import { startAuthListeners } from './lib/auth/auth-store.js';
import { callApi } from './lib/api-client.js';
import { detectLanguage, initI18n, LOADING_TRANSLATIONS_TEXT } from './lib/i18n.js';
import './app/styles/generated/pretendard-ui.css';
import './app/styles/base.css';

/** docs/product.md#layout: the CSRF probe runs about 3 s after start; its result is not used. */
const CSRF_PROBE_DELAY_MS = 3000;
/**
 * Korean content beyond the app's own words gets its font after the first screen's own requests (D265),
 * rare Hanja later still (D260).
 */
const CONTENT_FONT_DELAY_MS = 1000;
const RARE_FONT_DELAY_MS = 3000;

/**
 * Start-up of docs/product.md#layout: translations (behind the spinner), then mount; the auth status check and
 * the screen's chunk load alongside the translations. Social sign-in configuration belongs to the
 * accounts screens and is loaded there.
 */
async function start() {
  const language = detectLanguage();
  document.documentElement.lang = language;
  const root = createRoot(document.getElementById('root')!);
  root.render(<Spinner variant="page" label={LOADING_TRANSLATIONS_TEXT[language]} />);

  startAuthListeners();
  // Started before the translations are awaited, so they do not wait for one another: the router
  // fetches the screen's chunk and the session is asked for meanwhile (a screen's data often waits
  // for the session's answer).
  const router = createAppRouter();
  void checkAuthStatus();
  await Promise.all([initI18n(language, loadBundledTranslations), hangulFontReady(language)]);

  // Korean content beyond the app's own words, on machines without a Korean font of their own (Apple's and
  // Windows' come first in the font stack); its 37 KB of CSS waits until the first screen's script, data and
  // image have had the network, and a metric-matched fallback holds the lines meanwhile (D265).
  setTimeout(() => void import('./app/styles/korean-font.js'), CONTENT_FONT_DELAY_MS);
  setTimeout(() => void import('./app/styles/rare-korean-font.js'), RARE_FONT_DELAY_MS);
  // A transition, so React renders the app in slices between which the browser stays responsive
  // (one long task here was most of Lighthouse's total blocking time); the spinner shows meanwhile.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });

  registerServiceWorkerLater();

  setTimeout(() => {
    callApi(testCsrf, { body: {} }).catch((error: unknown) => console.warn('CSRF probe failed', error));
  }, CSRF_PROBE_DELAY_MS);
}

// In a task of its own: evaluating the entry's modules (the contracts' schemas, React) is one
// long task already; start-up after it (the first render, the router and its chunk, the reads)
// would lengthen it, and a long task delays whatever the learner does meanwhile (Lighthouse TBT, D98).
setTimeout(() => void start(), 0);
