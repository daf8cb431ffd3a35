import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEDULES } from '../infra/definitions/schedules.js';
import { attachToLocalCloud } from '../local/attach.js';
import { runJob } from '../local/scheduler.js';

/** `npm run job -- <name>`: runs a scheduled job's real handler once against the local engines. */
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const name = process.argv[2];
if (!name || !SCHEDULES.some((s) => s.name === name)) {
  console.error(`usage: npm run job -- <name>\njobs: ${SCHEDULES.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const local = await attachToLocalCloud(rootDir, resolve(process.env.DATA_DIR ?? join(rootDir, '.data')));
try {
  console.log(JSON.stringify(await runJob(rootDir, name)));
} finally {
  await local.release();
}
