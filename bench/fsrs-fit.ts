import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import {
  fitWeights,
  loadBinding,
  reviewLogToItems,
  type ReviewLogRecord,
  type ReviewRow,
} from '../functions/domains/learning/index.js';
import type { Report } from './api-session.js';

/**
 * The fit's figure: fitting one learner's year of reviews (365 days × 100 a day, 36,500 reviews)
 * with the fsrs-rs optimizer as the memory-fit route and the fsrs-fit job do it (`fitWeights`:
 * time split, fit, both evaluations, the refit on everything). Measured in a fresh process so
 * its peak resident memory is the fit's, not the other benches': wall and CPU time of the fit,
 * the resident set before it (Node, tsx, the log) and the process's peak (getrusage maxRSS).
 */
const DAYS = 365;
const PER_DAY = 100;
const NEW_PER_DAY = 15;

/** A year's log written by us: cards come back when a simple forgetting model says they are due. */
export function yearOfReviews(seed = 26): Pick<ReviewLogRecord, 'answered_at' | 'reviews'>[] {
  const rng = xoroshiro128plus(seed);
  const random = () => uniformFloat64(rng);
  const cards: { id: string; stability: number; last: number; due: number; reviews: number }[] = [];
  const records: Pick<ReviewLogRecord, 'answered_at' | 'reviews'>[] = [];
  for (let day = 0; day < DAYS; day++) {
    const due = cards.filter((card) => card.due <= day).sort((a, b) => a.due - b.due);
    const today = due.slice(0, PER_DAY - Math.min(NEW_PER_DAY, PER_DAY - Math.min(due.length, PER_DAY)));
    while (today.length < PER_DAY) {
      const card = { id: `bench-${cards.length}`, stability: 0, last: day, due: day, reviews: 0 };
      cards.push(card);
      today.push(card);
    }
    const rows: ReviewRow[] = today.map((card) => {
      const elapsed = card.reviews ? day - card.last : 0;
      const recall = card.reviews ? Math.pow(1 + elapsed / (9 * card.stability), -0.7) : 0.55;
      const correct = random() < recall;
      card.stability = correct
        ? Math.max(0.5, card.stability) * (1.5 + random() * 1.5)
        : Math.max(0.3, card.stability * 0.4);
      card.last = day;
      card.due = day + Math.max(1, Math.round(card.stability));
      card.reviews += 1;
      return [card.id, correct ? 3 : 1, elapsed, card.reviews > 1 ? 2 : 0, 2, 8];
    });
    records.push({ answered_at: new Date(Date.UTC(2025, 0, 1) + day * 86_400_000).toISOString(), reviews: rows });
  }
  return records;
}

interface Measured {
  reviews: number;
  items: number;
  outcome: string;
  wallMs: number;
  cpuMs: number;
  rssBeforeMb: number;
  maxRssMb: number;
  heapUsedPeakMb: number;
}

async function measure(): Promise<Measured> {
  const records = yearOfReviews();
  const reviews = records.reduce((sum, record) => sum + record.reviews.length, 0);
  // Load the native optimizer first so the "before" figure holds it and the fit shows only its own growth.
  await loadBinding();
  const rssBefore = process.memoryUsage().rss;
  let heapPeak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 5);
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const outcome = await fitWeights(reviewLogToItems(records));
  const wallMs = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  return {
    reviews,
    items: outcome.items,
    outcome: outcome.outcome,
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    rssBeforeMb: rssBefore / 2 ** 20,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    heapUsedPeakMb: heapPeak / 2 ** 20,
  };
}

/** Runs the measurement in a fresh process and reports it. */
export function benchFsrsFit(rootDir: string, report: Report): Measured {
  const out = execFileSync(process.execPath, ['--import', 'tsx', resolve(rootDir, 'bench/fsrs-fit.ts'), '--measure'], {
    cwd: rootDir,
    encoding: 'utf8',
  });
  const m = JSON.parse(out.trim().split('\n').pop()!) as Measured;
  report(
    'fsrs fit, one learner year (365 × 100)',
    `${(m.wallMs / 1000).toFixed(2)} s wall, ${(m.cpuMs / 1000).toFixed(2)} s CPU; ${m.items} items of ${m.reviews} reviews, ${m.outcome}`,
  );
  report(
    'fsrs fit memory',
    `peak RSS ${m.maxRssMb.toFixed(0)} MB (${m.rssBeforeMb.toFixed(0)} MB before the fit), heap peak ${m.heapUsedPeakMb.toFixed(0)} MB`,
  );
  return m;
}

if (process.argv.includes('--measure')) console.log(JSON.stringify(await measure()));
else if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  benchFsrsFit(resolve(fileURLToPath(new URL('.', import.meta.url)), '..'), (name, value) =>
    console.log(`${name.padEnd(44)} ${value}`),
  );
