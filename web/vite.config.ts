import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { koreanFontForKoreanOnly } from '../scripts/build/korean-font-faces.js';
import { koreanUiFont } from '../scripts/build/korean-ui-font.js';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_ICONS, appIcons } from '../scripts/build/app-icons.js';
import { SERVICE_WORKER_SCRIPT, serviceWorkerScript } from '../scripts/build/service-worker-script.js';

/** The question screens' own shared modules (see the `question-text` chunk group). */
const QUESTION_TEXT =
  /[\\/](web[\\/]src[\\/]components[\\/]rich-text[\\/](rich-text|rendered-cache|index)|shared[\\/]domain[\\/]input-form)\.tsx?$/;

/**
 * How questions are read from sheets, checked and turned into cards (shared/domain): only question and
 * import screens use them. The parts a contract imports still come with `app-core` (a group takes the
 * imports of its modules along); the rest leave the first visit.
 */
const QUESTION_RULES =
  /[\\/]shared[\\/]domain[\\/](cloze|answer-check|question-sheet[a-z-]*|question-order|question-title|key-text|markdown-detect|sitting-merge)\.ts$/;

/**
 * The learner's day and FSRS scheduling (shared/domain): the Review screen offline and the settings screens
 * use them, no first screen does; in `app-core` every first visit would load them (D387).
 */
const SCHEDULING = /[\\/]shared[\\/]domain[\\/](learner-day|fsrs-schedule)\.ts$/;

/** Third-party code shared by several chunks, less what only lazy screens use (D183). */
const VENDOR =
  /[\\/]node_modules[\\/](?!(diff|recharts|victory-vendor|d3-[^\\/]+|internmap|@reduxjs|redux|redux-thunk|react-redux|immer|reselect|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant)[\\/])/;

/** Paged lists ("load more", SWR's infinite pages): list screens only, none of them a first screen. */
const PAGED_LISTS =
  /[\\/](web[\\/]src[\\/]lib[\\/]use-api-pages\.ts|node_modules[\\/]swr[\\/]dist[\\/]infinite[\\/].*)$/;

/**
 * The toast context: the layout and nearly every screen use it. Statically in the entry, it counts as
 * shared by one chunk only, so `app-core` left it and the first feature group that imports it took it
 * along, and that feature's hooks with it into the first visit.
 */
const TOAST_CONTEXT = /[\\/]web[\\/]src[\\/]components[\\/]ui[\\/]toast[\\/]toast-context\.ts$/;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    koreanUiFont(fileURLToPath(new URL('..', import.meta.url))),
    appIcons(),
    // Background Sync of the review outbox (D446): our script, loaded by the generated worker.
    serviceWorkerScript(fileURLToPath(new URL('src/sw/review-sync-worker.ts', import.meta.url))),
    // The installed app (D387): a Workbox service worker that precaches the shell, the UI fonts and every
    // route chunk, so the study screens open offline. 'prompt': a new version waits until the learner
    // reloads (web/src/app/update-prompt.tsx), so one page never runs two versions' chunks. Registered by
    // the app itself after the first screen (web/src/app/service-worker.ts), not by a script in index.html.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Quizbank',
        short_name: 'Quizbank',
        description:
          'Quizbank — 문제 파일로 시험과 스터디를 만들고 매일 연습하세요. Practise every day, online or offline.',
        lang: 'ko',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#2563eb',
        icons: APP_ICONS.map((icon) => ({
          src: `/${icon.file}`,
          sizes: `${icon.size}x${icon.size}`,
          type: 'image/png',
          ...(icon.maskable ? { purpose: 'maskable' } : {}),
        })),
      },
      workbox: {
        // Every chunk (a study screen may need any of them offline: math, charts), the UI font and the icons.
        // The Korean content font's 1.5 MB of subsets are not: each is cached the first time a page needs it.
        globPatterns: ['**/*.{js,css,html,woff2,png,svg}'],
        globIgnores: ['**/*.map', 'assets/noto-sans-kr-*.woff2', SERVICE_WORKER_SCRIPT],
        // The worker keeps imported scripts itself (and checks them for a new version with sw.js).
        importScripts: [`/${SERVICE_WORKER_SCRIPT}`],
        runtimeCaching: [
          {
            urlPattern: /\/assets\/noto-sans-kr-[^/]+\.woff2$/,
            handler: 'CacheFirst',
            options: { cacheName: 'content-font', expiration: { maxEntries: 200 } },
          },
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: '/index.html',
        // The API and question images are never answered from the app shell.
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // The first version takes the page it was installed from (nothing older to mix with); a later one waits.
        clientsClaim: true,
      },
    }),
  ],
  css: { postcss: { plugins: [koreanFontForKoreanOnly] } },
  optimizeDeps: {
    // Pre-bundled at server start: discovering them on the first visit would make Vite reload
    // the page mid-load (and the browser tests flaky).
    include: [
      'react',
      'react/jsx-runtime',
      'react-dom/client',
      'react-router-dom',
      'i18next',
      'react-i18next',
      'swr',
      'zod',
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Without groups, every small module shared by two routes became its own chunk: 40 scripts for
        // the first screen. Code shared by several routes goes into a few chunks instead; each route's
        // own code stays in its lazy chunk.
        codeSplitting: {
          groups: [
            // Not the charts (recharts and what only it uses) nor the answer diff (diff): lazy screens share them, and inside
            // `vendor` they were preloaded on every first visit (D183). Left out, they get their own lazy chunk.
            {
              name: 'vendor',
              test: (id) => VENDOR.test(id) && !PAGED_LISTS.test(id),
              minShareCount: 2,
              priority: 3,
            },
            { name: 'toast-context', test: TOAST_CONTEXT, priority: 2.5 },
            // Not question text and how a question is answered (components/rich-text/, shared/domain/input-form.ts):
            // only the question screens use them, none of them a first screen, and inside `app-core` every first
            // visit loaded them. They get a chunk of their own below, loaded with those screens.
            {
              name: 'app-core',
              test: (id) =>
                /[\\/](shared|web[\\/]src[\\/](lib|components|app))[\\/]/.test(id) &&
                !QUESTION_TEXT.test(id) &&
                !QUESTION_RULES.test(id) &&
                !SCHEDULING.test(id) &&
                !PAGED_LISTS.test(id),
              minShareCount: 2,
              priority: 2,
            },
            { name: 'scheduling', test: SCHEDULING, minShareCount: 2, priority: 1.6 },
            { name: 'question-rules', test: QUESTION_RULES, minShareCount: 2, priority: 1.55 },
            { name: 'paged-lists', test: PAGED_LISTS, minShareCount: 2, priority: 1.52 },
            {
              name: 'question-text',
              test: QUESTION_TEXT,
              minShareCount: 2,
              priority: 1.5,
            },
            // Feature code shared by several routes (api calls, hooks): one lazy chunk per feature.
            {
              name: (id) => `feature-${/[\\/]features[\\/]([^\\/]+)/.exec(id)?.[1] ?? 'misc'}`,
              test: /[\\/]web[\\/]src[\\/]features[\\/][^\\/]+[\\/](api|hooks|utils|i18n)[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
