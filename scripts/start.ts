import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalCloud } from '../local/cloud.js';
import { migrateLocalData } from '../local/migrations.js';
import { seedDemo } from '../local/seed.js';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(process.env.DATA_DIR ?? join(rootDir, '.data'));

// `npm start` serves the built app, as the deployed site is; `npm run dev` (--dev) serves it through Vite with hot reload.
const dev = process.argv.includes('--dev');
const cloud = await startLocalCloud({ rootDir, port, dataDir, web: dev ? 'dev' : 'built', scheduler: true });
await migrateLocalData((line) => console.log(`  migrate: ${line}`));
// A fresh data directory gets the demo question banks, exams and tags (a marker item makes this once).
if (process.env.SEED_DEMO !== 'false') await seedDemo((line) => console.log(`  seed: ${line}`));

console.log(`
  Quizbank is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)

  App and API   ${cloud.url}${dev ? ' (Vite dev server, hot reload)' : ' (production build)'}
  Captured mail ${cloud.mailUrl}
  Data          ${dataDir}

  Press Ctrl-C to stop.
`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the local cloud…`);
  await cloud.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
