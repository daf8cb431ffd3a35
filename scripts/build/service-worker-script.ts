import { resolve } from 'node:path';
import { build, type Plugin } from 'vite';

/**
 * Our own code in the installed app's service worker (D446): the Workbox worker stays generated
 * (vite-plugin-pwa's generateSW) and loads one script of ours with `importScripts`. That script is
 * built here, after the app, from `entry` into one classic script (a worker's `importScripts` takes no
 * modules) at the site's root, where the server sends it with `no-cache` like `/sw.js`, so a new
 * version is found by the worker's own update check.
 */
export const SERVICE_WORKER_SCRIPT = 'sw-review-sync.js';

export function serviceWorkerScript(entry: string): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'quizbank-service-worker-script',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: false,
          lib: { entry, formats: ['iife'], name: 'quizbankReviewSync', fileName: () => SERVICE_WORKER_SCRIPT },
        },
      });
    },
  };
}
