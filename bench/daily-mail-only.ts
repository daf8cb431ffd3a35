import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDailyMail } from './daily-mail.js';

/** `npx tsx bench/daily-mail-only.ts [users]`: the daily-mail bench alone (the request budget per user). */
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const users = Number(process.argv[2] ?? 2000);
await benchDailyMail(
  rootDir,
  (name, value, budget) =>
    console.log(
      `${name.padEnd(44)} ${value}${budget ? ` (budget ${budget.text}) ${budget.ok ? 'PASS' : 'FAIL'}` : ''}`,
    ),
  users,
);
process.exit(0);
