import { readFileSync } from 'node:fs';

/**
 * `npx tsx bench/simulate/merge.ts <subject.json> <others.json> [subject policy]`: the tables of
 * docs/learning.md "Does it teach better?" from two `npm run simulate -- --json` runs of the same
 * learners (one with the queue, one with the baselines), paired learner by learner; or one run
 * holding both (the same file twice). The queue with a third of the page for new cards (before
 * D415) is shown as "queue, a third" when the run holds it.
 */

interface Figure {
  mean: number;
  margin: number;
}
interface PolicyFigures {
  at: Figure[];
  byLearner: number[][];
}
interface Cell {
  family: string;
  bank: number;
  count: number;
  policies: Record<string, PolicyFigures>;
}
interface Run {
  policies: string[];
  cells: Cell[];
}

const [subjectFile, othersFile, name = 'queue'] = process.argv.slice(2);
if (!subjectFile || !othersFile) throw new Error('usage: merge.ts <subject.json> <others.json> [policy]');
const subject = JSON.parse(readFileSync(subjectFile, 'utf8')) as Run;
const others = JSON.parse(readFileSync(othersFile, 'utf8')) as Run;

const meanAndMargin = (values: number[]): Figure => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / Math.max(1, values.length - 1);
  return { mean, margin: 1.96 * Math.sqrt(variance / values.length) };
};
const pct = (x: number) => (x * 100).toFixed(1);
const signed = ({ mean, margin }: Figure) =>
  `${mean >= 0 ? '+' : '−'}${Math.abs(mean * 100).toFixed(1)} ± ${(margin * 100).toFixed(1)}`;

const THIRD = 'queue:with-due-reserve/retention-gain/lowest-recall/1:3';
const label = (policy: string) => (policy === THIRD ? 'queue, a third' : policy);
const columnsOf = others.policies.filter((p) => p !== name);
const withThird = columnsOf.includes(THIRD);

for (const count of [...new Set(subject.cells.map((c) => c.count))]) {
  console.log(`\n#### ${count} a day\n`);
  console.log(`| family, bank | queue | ${columnsOf.map(label).join(' | ')} |`);
  console.log(`|---|${['', ...columnsOf].map(() => '---:').join('|')}|`);
  const rows: string[] = [];
  for (const cell of subject.cells.filter((c) => c.count === count)) {
    const base = others.cells.find((c) => c.count === count && c.family === cell.family && c.bank === cell.bank);
    if (!base) continue;
    const queue = cell.policies[name]!;
    const columns = [queue, ...columnsOf.map((p) => base.policies[p]!)];
    console.log(
      `| ${cell.family}, ${cell.bank} | ${columns.map((p) => p.at.map((a) => pct(a.mean)).join(' / ')).join(' | ')} |`,
    );
    const minus = (policy: string) =>
      queue.at.map((_, c) =>
        meanAndMargin(queue.byLearner.map((r, l) => r[c]! - base.policies[policy]!.byLearner[l]![c]!)),
      );
    const [original, random, leitner, before] = ["original's rule", 'random', 'leitner', 'queue before'].map(minus);
    rows.push(
      `| ${cell.family}, ${cell.bank} | ${signed(original![1]!)} (${signed(original![0]!)}; ${signed(original![2]!)}) | ` +
        `${random!.map(signed).join(' / ')} | ${signed(leitner![1]!)} | ${signed(before![1]!)} |` +
        (withThird ? ` ${minus(THIRD).map(signed).join(' / ')} |` : ''),
    );
  }
  console.log('\nThe queue minus each policy, learner by learner (points ± 95 %):\n');
  console.log(
    "| family, bank | − original's rule, day 60 (day 30; day 90) | − random, day 30 / 60 / 90 | − Leitner, day 60 | − queue before, day 60 |" +
      (withThird ? ' − queue, a third, day 30 / 60 / 90 |' : ''),
  );
  console.log(`|---|---:|---:|---:|---:|${withThird ? '---:|' : ''}`);
  for (const row of rows) console.log(row);
}
