/**
 * `npx tsx bench/cost-sheet.ts`: the monthly AWS bill and the capacity the product needs at 10 k,
 * 100 k and 1 M monthly active learners, from the usage assumptions and unit costs below (printed as
 * the Markdown tables of docs/capacity-and-cost.md). The DynamoDB figures per action come from the
 * request-budget tests (tests/integration/*-request-budget.test.ts, due-today, review-activity); the
 * capacity units per request are estimated from item sizes, with each assumption named.
 */
import { pathToFileURL } from 'node:url';

/** What one monthly active learner does, on average. */
export const USAGE = {
  activeDaysPerMonth: 16,
  sittingsPerDay: 3,
  answersPerSitting: 10,
  /** API requests of an active day besides the sittings' submit: home (status, due today, daily exam, results, studies), exam loads, review. */
  readRequestsPerDay: 14,
  /** Full page loads (app shell + fonts, not cached) per month; later visits hit the browser cache. */
  coldPageLoadsPerMonth: 2,
  /** Share of learners who import a question file in a month, and its size. */
  importShare: 0.1,
  importRows: 200,
  importBytes: 60_000,
  /** Share of learners opted in to the daily mail (a mail a day). */
  dailyMailShare: 0.3,
};

/** Capacity units per action (on-demand; strongly consistent reads of ≤ 4 KB = 1 RRU, transactional writes 2 WRU per KB). */
export const UNITS = {
  /** A1 per API request: GetItem SESSION (ephemeral) + GetItem USER (projected). */
  sessionRru: 2,
  /** A typical read route: 1–3 Queries/GetItems of 1–8 KB (exam partition, lists of 20). */
  readRouteRru: 4,
  /** Submit of 10 answers (L2: 1 Query + 1 BatchGetItem + 1 TransactWriteItems of ~17 items; request-budget test: 3 requests). */
  submitRru: 3 + 11,
  /** claim, result, 1 detail chunk, summary, counters, 10 QSTAT, REVLOG, REVCAL (≤ 1 KB each, ×2 transactional) + 10 due-index GSI writes. */
  submitWru: 17 * 2 + 10,
  /** Import of `importRows` rows: the file record, the name claim and one question item per row (BatchWrite), ≤ 1 KB each. */
  importWruPerRow: 1,
  /** One daily mail (§5 note 3: ~13 requests per user): ~10 reads and 3–4 writes including the day's exam. */
  mailRru: 12,
  mailWru: 8,
};

/** us-east-1 list prices (2025); Seoul (ap-northeast-2) is 5–25 % higher for most of these. */
export const PRICES = {
  dynamoWruPerMillion: 0.625,
  dynamoRruPerMillion: 0.125,
  dynamoGbMonth: 0.25,
  lambdaGbSecond: 0.0000133334, // arm64
  lambdaPerMillion: 0.2,
  httpApiPerMillion: 1.0,
  cloudFrontPerGb: 0.12, // Korea/Asia tier
  cloudFrontPer10kRequests: 0.012,
  s3GbMonth: 0.023,
  s3PutPer1000: 0.005,
  sesPer1000: 0.1,
  logsIngestPerGb: 0.5,
  xrayPerMillionTraces: 5.0,
  alarmMonth: 0.1,
  metricMonth: 0.3,
};

/** Lambda: average billed duration and memory of an API request and of a daily-mail delivery. */
const LAMBDA = { apiSeconds: 0.06, apiGb: 0.5, mailSeconds: 0.25, mailGb: 0.5 };
/** Bytes: app shell and fonts on a cold load, an API answer, a log line set per request, stored data per learner. */
const BYTES = {
  coldLoad: 1_000_000,
  apiAnswer: 5_000,
  logPerRequest: 1_200,
  storedPerLearner: 400_000,
};
const TRACE_SAMPLING = 0.05;
const ALARMS = 53;
const CUSTOM_METRICS = 40;

export interface Month {
  learners: number;
  apiRequests: number;
  rru: number;
  wru: number;
  mails: number;
  cost: Record<string, number>;
}

export function month(learners: number): Month {
  const u = USAGE;
  const submits = learners * u.activeDaysPerMonth * u.sittingsPerDay;
  const reads = learners * u.activeDaysPerMonth * u.readRequestsPerDay;
  const imports = learners * u.importShare;
  const mails = learners * u.dailyMailShare * 30;
  const apiRequests = submits + reads + imports;
  const rru =
    apiRequests * UNITS.sessionRru + reads * UNITS.readRouteRru + submits * UNITS.submitRru + mails * UNITS.mailRru;
  const wru = submits * UNITS.submitWru + imports * u.importRows * UNITS.importWruPerRow + mails * UNITS.mailWru;
  const gb = (bytes: number) => bytes / 1e9;
  const cost = {
    DynamoDB:
      (wru / 1e6) * PRICES.dynamoWruPerMillion +
      (rru / 1e6) * PRICES.dynamoRruPerMillion +
      gb(learners * BYTES.storedPerLearner) * PRICES.dynamoGbMonth,
    Lambda:
      ((apiRequests + mails) / 1e6) * PRICES.lambdaPerMillion +
      apiRequests * LAMBDA.apiSeconds * LAMBDA.apiGb * PRICES.lambdaGbSecond +
      mails * LAMBDA.mailSeconds * LAMBDA.mailGb * PRICES.lambdaGbSecond,
    'API Gateway': (apiRequests / 1e6) * PRICES.httpApiPerMillion,
    CloudFront:
      gb(learners * u.coldPageLoadsPerMonth * BYTES.coldLoad + apiRequests * BYTES.apiAnswer) * PRICES.cloudFrontPerGb +
      ((learners * u.coldPageLoadsPerMonth * 25 + apiRequests) / 1e4) * PRICES.cloudFrontPer10kRequests,
    S3: gb(imports * u.importBytes * 12) * PRICES.s3GbMonth + (imports / 1000) * PRICES.s3PutPer1000,
    SES: (mails / 1000) * PRICES.sesPer1000,
    'CloudWatch, X-Ray':
      gb((apiRequests + mails) * BYTES.logPerRequest) * PRICES.logsIngestPerGb +
      ((apiRequests * TRACE_SAMPLING) / 1e6) * PRICES.xrayPerMillionTraces +
      ALARMS * PRICES.alarmMonth +
      CUSTOM_METRICS * PRICES.metricMonth,
  };
  return { learners, apiRequests, rru, wru, mails, cost };
}

const money = (value: number) => `$${value < 10 ? value.toFixed(2) : Math.round(value).toLocaleString('en-US')}`;
const count = (value: number) =>
  value >= 1e9
    ? `${(value / 1e9).toFixed(1)} B`
    : value >= 1e6
      ? `${(value / 1e6).toFixed(1)} M`
      : `${Math.round(value / 1e3)} k`;

export function costTable(sizes: number[] = [10_000, 100_000, 1_000_000]): string {
  const months = sizes.map(month);
  const head = `| | ${months.map((m) => `${count(m.learners)} learners`).join(' | ')} |`;
  const rule = `|---|${months.map(() => '---:').join('|')}|`;
  const rows = [
    `| API requests | ${months.map((m) => count(m.apiRequests)).join(' | ')} |`,
    `| DynamoDB RRU / WRU | ${months.map((m) => `${count(m.rru)} / ${count(m.wru)}`).join(' | ')} |`,
    `| Daily mails | ${months.map((m) => count(m.mails)).join(' | ')} |`,
    ...Object.keys(months[0]!.cost).map(
      (service) => `| ${service} | ${months.map((m) => money(m.cost[service]!)).join(' | ')} |`,
    ),
    `| **Total a month** | ${months.map((m) => `**${money(Object.values(m.cost).reduce((a, b) => a + b, 0))}**`).join(' | ')} |`,
  ];
  return [head, rule, ...rows].join('\n');
}

/** The daily mail's duration at an SES send rate, with 4 shard workers (D172). */
export function mailTable(): string {
  const rates = [14, 200, 1000];
  const sizes = [10_000, 1_000_000, 10_000_000];
  const hours = (users: number, rate: number) => {
    const seconds = users / rate;
    return seconds < 3600 ? `${Math.ceil(seconds / 60)} min` : `${(seconds / 3600).toFixed(1)} h`;
  };
  const head = `| Opted-in users | ${rates.map((rate) => `${rate}/s`).join(' | ')} | DynamoDB requests | Lambda (GB-s) |`;
  const rule = `|---|${rates.map(() => '---:').join('|')}|---:|---:|`;
  const rows = sizes.map(
    (users) =>
      `| ${count(users)} | ${rates.map((rate) => hours(users, rate)).join(' | ')} | ${count(users * 13)} | ${count(users * LAMBDA.mailSeconds * LAMBDA.mailGb)} |`,
  );
  return [head, rule, ...rows].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(costTable());
  console.log();
  console.log(mailTable());
}
