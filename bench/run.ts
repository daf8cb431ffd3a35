import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildWebBundle, measureRouteJs } from './web-bundle.js';
import { startServer } from './local-server.js';
import { load } from './load.js';
import { coldRequestBudget, measureColdStarts } from './cold-start.js';
import { measureFirstLoads } from './first-load.js';
import { describeOfflineVisit, measureOfflineVisit } from './offline-visit.js';
import { measureLambdaBundles } from './lambda-bundle-sizes.js';
import { benchLogin } from './login.js';
import { benchQuestionBank } from './question-bank.js';
import { benchQuestionImport } from './question-import.js';
import { benchResults } from './results.js';
import { benchLighthouse } from './lighthouse.js';
import { benchDailyMail } from './daily-mail.js';
import { benchDailyMailWallTime } from './daily-mail-wall-time.js';
import { benchStudyProgress } from './study-progress.js';
import { benchFsrsFit } from './fsrs-fit.js';
import { EXAM_LOAD_BENCH_SECONDS, EXAM_LOAD_DEFAULTS, benchExamLoad } from './exam-load.js';
import { benchQuestionImages } from './question-images.js';
import { benchReviewSync } from './review-sync.js';
import { execFileSync } from 'node:child_process';
import { benchPublicExamRead } from './public-exam-read.js';

/**
 * `npm run bench`: prints the figures the issues budget. Each line reads
 * `name: value (budget …) PASS|FAIL`; the run exits non-zero when a budget is missed.
 */
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The exam load runs 30 s here (60 s, the load figure's length, with `--load-seconds 60` or `npx tsx bench/exam-load.ts`).
const { values: args } = parseArgs({
  options: { 'load-seconds': { type: 'string', default: String(EXAM_LOAD_BENCH_SECONDS) } },
});
const failures: string[] = [];

function report(name: string, value: string, budget?: { ok: boolean; text: string }) {
  const verdict = budget ? ` (budget ${budget.text}) ${budget.ok ? 'PASS' : 'FAIL'}` : '';
  if (budget && !budget.ok) failures.push(name);
  console.log(`${name.padEnd(44)} ${value}${verdict}`);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log(
  '\n== Lambda cold start: module import (information) and whole cold request (budget, D499) as ratios to their floors ==',
);
// The floor is a bundle holding only the DynamoDB document client, built with the same options;
// CPU time of a cold import in a fresh process, median of 9 rounds taken in turns. The whole cold
// request (init + the first answer of one route, D109) shows what moving code out of the init costs
// the request that needs it. The import has no budget (D240); the whole request has one (D499).
const cold = await measureColdStarts({ rounds: 9, requests: true });
report(`cold import ${cold.floor.group}`, `${cold.floor.importMs.toFixed(1)} ms CPU, ${kb(cold.floor.bytes)}`);
if (cold.floor.request) report('cold request floor (import + GetItem)', `${cold.floor.request.ms.toFixed(1)} ms CPU`);
for (const group of cold.groups) {
  const allChunks = `with every lazy chunk ${group.allChunksRatio.toFixed(2)}×`;
  report(
    `cold import ${group.group}`,
    `${group.ratio.toFixed(2)}× (${group.importMs.toFixed(1)} ms CPU; ${allChunks})`,
  );
}
for (const group of cold.groups) {
  if (group.request) {
    const budget = coldRequestBudget(group.group);
    report(
      `cold request ${group.group}`,
      `${group.request.ratio.toFixed(2)}× (${group.request.ms.toFixed(1)} ms CPU; ${group.request.route})`,
      { ok: group.request.ratio <= budget, text: `≤ ${budget.toFixed(1)}×` },
    );
  }
}

console.log('\n== Lambda bundles (minified, AWS SDK bundled, lazy chunks split off; information, no budget) ==');
for (const bundle of await measureLambdaBundles({ includeJobs: true })) {
  if (bundle.error) {
    report(`lambda ${bundle.group}`, `build failed: ${bundle.error}`, { ok: false, text: 'builds' });
    continue;
  }
  const top = bundle.contributors
    .slice(0, 3)
    .map((c) => `${c.name} ${kb(c.bytes)}`)
    .join(', ');
  report(`lambda ${bundle.group}`, `${kb(bundle.bytes)} at init, ${kb(bundle.totalBytes)} in all [${top}]`);
}

console.log('\n== Web app ==');
const web = buildWebBundle(rootDir);
report('initial JavaScript (gzipped)', kb(web.initialGzipBytes), {
  ok: web.initialGzipBytes <= 170 * 1024,
  text: '≤ 170 KB',
});
const takeExam = measureRouteJs(web, 'src/features/take-exam/components/take-exam-page.tsx');
report(
  'take-exam route JavaScript (gzipped)',
  `${kb(takeExam.gzipBytes)} beyond the first visit, ${kb(web.initialGzipBytes + takeExam.gzipBytes)} in all (${takeExam.files.length} chunks)`,
);
// Rich questions (D133): fetched only by a page that shows Markdown, math or a code block.
for (const [name, source] of [
  ['sanitizer (server-rendered text, D263)', 'src/components/rich-text/sanitize-html.ts'],
  ['Markdown renderer', 'src/components/rich-text/render-markdown.ts'],
  ['math (KaTeX)', '../markdown/math.ts'],
  ['code highlighting', '../markdown/highlight.ts'],
] as const) {
  const chunk = measureRouteJs(web, source);
  report(`rich text: ${name} JavaScript (gzipped, lazy)`, kb(chunk.gzipBytes));
}

// Questions from notes (docs/product.md#questions-from-notes): the screen and the rules load only on /notes.
const notesPage = measureRouteJs(web, 'src/features/notes/components/notes-page.tsx');
const notesRules = measureRouteJs(web, 'src/features/notes/generator/generate.ts');
report(
  'notes screen JavaScript (gzipped, lazy)',
  `${kb(notesPage.gzipBytes)}; the rules (sbd, compromise, es-hangul) ${kb(notesRules.gzipBytes)} more`,
);
// The rules are web code, timed by a tests/ script in its own process (bench/ imports no web code).
const notesRuns = JSON.parse(
  execFileSync(process.execPath, ['--import', 'tsx', resolve(rootDir, 'tests/support/notes-rules-timing.ts')], {
    cwd: rootDir,
    encoding: 'utf8',
  }),
) as Array<{ language: string; ms: number; readMs: number; candidates: number }>;
for (const run of notesRuns) {
  report(
    `notes by rules, 10,000 words (${run.language})`,
    `${run.ms.toFixed(0)} ms, ${(run.ms / Math.max(run.readMs, 0.01)).toFixed(0)}× reading the text alone (${run.readMs.toFixed(1)} ms); ${run.candidates} candidates`,
  );
}

console.log('\n== Local start-up and API load ==');
const server = await startServer(rootDir);
try {
  report('npm start: ready in', `${(server.startupMs / 1000).toFixed(1)} s`, {
    ok: server.startupMs < 15_000,
    text: '< 15 s',
  });
  const translations = await load({ url: `${server.url}/api/translations/?lang=ko`, seconds: 10, connections: 10 });
  report('GET /api/translations/ requests/s', String(translations.requestsPerSecond));
  report('GET /api/translations/ latency p50 / p99', `${translations.p50Ms} ms / ${translations.p99Ms} ms`);
  report('GET /api/translations/ errors / non-2xx', `${translations.errors} / ${translations.non2xx}`, {
    ok: translations.errors === 0 && translations.non2xx === 0,
    text: '0',
  });

  // The local product's first load in Chromium (the production build, as `npm start` serves it).
  for (const first of await measureFirstLoads(server.url)) {
    report(`first load ${first.page}: requests`, String(first.requests), { ok: first.requests <= 30, text: '≤ 30' });
    report(`first load ${first.page}: transferred`, `${first.transferredKb} KB (fonts ${first.fontKb} KB)`);
    report(`first load ${first.page}: settled in`, `${first.settledMs} ms`, {
      ok: first.settledMs <= 1000,
      text: '≤ 1 s',
    });
  }

  // The installed app offline: a reload of the Review screen to its first enabled grade button, against
  // the worker's own document (the floor) and the same visit online (information, no budget: D447).
  report(
    'offline repeat visit: time to an answerable card',
    describeOfflineVisit(await measureOfflineVisit(server.url)),
  );

  await benchLighthouse(web.dist, server.url, report);

  // Real scrypt strength (N=2^17, r=8, p=1): one login costs ~128 MiB and a few hundred ms of
  // one core; the auth Lambda gets 1024 MB (manifest) for the CPU share that keeps it near 0.3 s.
  const login = await benchLogin(server.url, { seconds: 10, connections: 4 });
  report('POST /api/login/ requests/s', String(login.requestsPerSecond));
  report('POST /api/login/ latency p50 / p99', `${login.p50Ms} ms / ${login.p99Ms} ms`);
  report('POST /api/login/ errors / non-2xx', `${login.errors} / ${login.non2xx}`, {
    ok: login.errors === 0 && login.non2xx === 0,
    text: '0',
  });
} finally {
  await server.stop();
}

console.log('\n== Question bank and exams (API in this process, DynamoDB requests counted) ==');
await benchQuestionBank(rootDir, report);

console.log('\n== Question import: a 20,000-row TSV and the preview of large files ==');
await benchQuestionImport(rootDir, report);
console.log('\n== Question images: upload route vs the S3 PUT alone (API in this process) ==');
await benchQuestionImages(rootDir, report);

console.log('\n== Results: submit and statistics (API in this process, DynamoDB requests counted) ==');
await benchResults(rootDir, report);

console.log('\n== Per-learner FSRS fit (fsrs-rs optimizer, fresh process; information, no budget) ==');
benchFsrsFit(rootDir, report);
console.log(
  '\n== Daily quiz email at 1 M recipients: modelled wall time per SES rate (infra/definitions/daily-mail-model.ts) ==',
);
benchDailyMailWallTime(report);
console.log('\n== Daily quiz email job (coordinator and workers in this process, DynamoDB requests counted) ==');
await benchDailyMail(rootDir, report);
console.log('\n== Study progress and random practice (API in this process, DynamoDB requests counted) ==');
await benchStudyProgress(rootDir, report);
console.log('\n== Offline merge: POST /api/review-sync/ per grade (API in this process, DynamoDB requests counted) ==');
await benchReviewSync(rootDir, report);

console.log(
  '\n== Anonymous reads of one public exam: 200 clients, cached by content version (API in this process, D405) ==',
);
await benchPublicExamRead(rootDir, report);

const loadOptions = { ...EXAM_LOAD_DEFAULTS, seconds: Number(args['load-seconds']) };
console.log(
  `\n== Exam load: ${loadOptions.connections} clients, list / read / submit, vs DynamoDB Local alone (API in this process, D88) ==`,
);
await benchExamLoad(report, loadOptions);

if (failures.length) {
  console.log(`\nbudgets missed: ${failures.join(', ')}`);
  process.exit(1);
}
console.log('\nall budgets met');
