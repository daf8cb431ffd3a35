import { describe, expect, it } from 'vitest';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';
import { buildLambdaInMemory, loadedAtInit, metafileOutput } from '../../infra/bundling.js';
import { SCHEDULES } from '../../infra/definitions/schedules.js';
import { BACKGROUND_TABLE_ACTIONS } from '../../infra/definitions/background-table-actions.js';
import { tableActionsInBundle } from './bundle-table-actions.js';

/**
 * What a Lambda must not carry, read from its bundle as the stack builds it (D73, D106). Each module
 * a Lambda reads at init costs every cold start a few ms even if it never runs (V8 still reads it),
 * and one stray import anywhere a Lambda reaches brings it back. Since D106 a bundle is index.mjs
 * plus chunks: what `await import()` reaches is read only when that code runs.
 */
/** Every function the stack builds: its AppFunction name and its handler module. */
const functionEntries: [name: string, entry: string][] = [
  ...ROUTE_GROUPS.map((group): [string, string] => [group.name, group.handler]),
  ...SCHEDULES.flatMap((schedule): [string, string][] => [
    [`job-${schedule.name}`, schedule.handler],
    ...(schedule.fanOut ? [[`${schedule.name}-worker`, schedule.fanOut.worker] as [string, string]] : []),
  ]),
  ['mail-feedback', 'functions/jobs/mail-feedback.ts'],
];
const entries = functionEntries.map(([, entry]) => entry);

/** The source modules of a Lambda's asset: those read at init, and those only in lazily imported chunks. */
interface BundleInputs {
  /** The script files Node reads at init. */
  initFiles: string[];
  /** In index.mjs or a chunk it imports statically: read on every cold start. */
  atInit: string[];
  /** In chunks reached only through an `await import()`: read when that code first runs. */
  lazy: string[];
  /** The text of index.mjs and the chunks it imports statically. */
  initCode: string;
  /** The text of every script of the asset. */
  allCode: string;
}

const inputsOf = new Map<string, Promise<BundleInputs>>();
/** One unminified build per entry (module paths relative to the repository root, as esbuild reports them). */
function bundleInputs(entry: string): Promise<BundleInputs> {
  let inputs = inputsOf.get(entry);
  if (!inputs) {
    inputs = buildLambdaInMemory(entry, { sourcemap: false, minify: false, logLevel: 'silent' }).then((lambda) => {
      const atInit = loadedAtInit(lambda);
      const inputsIn = (paths: string[]) => paths.flatMap((path) => Object.keys(metafileOutput(lambda, path).inputs));
      const text = (path: string) =>
        new TextDecoder().decode([lambda.entry, ...lambda.chunks].find((script) => script.path === path)!.contents);
      return {
        initFiles: atInit,
        atInit: inputsIn(atInit),
        lazy: inputsIn(lambda.chunks.map((chunk) => chunk.path).filter((path) => !atInit.includes(path))),
        initCode: atInit.map(text).join('\n'),
        allCode: [lambda.entry, ...lambda.chunks].map((script) => text(script.path)).join('\n'),
      };
    });
    inputsOf.set(entry, inputs);
  }
  return inputs;
}

const anywhere = ({ atInit, lazy }: BundleInputs) => [...atInit, ...lazy];

const holdsBusboy = (inputs: string[]) =>
  inputs.some((input) => /node_modules\/(busboy|@middy\/http-multipart-body-parser)\//.test(input));

describe('a Lambda reads one script at init (D503)', () => {
  // Every ES module costs Node its own resolve, read, compile and link; esbuild alone left 15–27.
  it.each(entries)('%s: index.mjs alone, with the shared code of its lazy chunks inside', async (entry) => {
    expect((await bundleInputs(entry)).initFiles).toEqual(['index.mjs']);
  });

  it('the lazy chunks stay files of their own (the check above is not everything in one file)', async () => {
    const { lazy, atInit } = await bundleInputs(ROUTE_GROUPS[0]!.handler);
    expect(lazy.length).toBeGreaterThan(0);
    expect(lazy.filter((input) => atInit.includes(input))).toEqual([]);
  });
});

describe('Lambda bundles use zod/mini only (D100)', () => {
  // Building a classic schema gives it its ~50 methods and pulls in the classic module (≈ 4 ms of
  // every cold start); `zod/mini` schemas share zod's core without them.
  it.each(entries)('%s holds no zod classic module, at init or in a lazy chunk', async (entry) => {
    const inputs = anywhere(await bundleInputs(entry));
    expect(inputs.filter((input) => /node_modules\/zod\/(v4\/classic|v3)\//.test(input))).toEqual([]);
  });

  it('reads the bundles the way zod lands in them (the check above is not vacuous)', async () => {
    const { atInit: inputs } = await bundleInputs(ROUTE_GROUPS[0]!.handler);
    expect(inputs.some((input) => input.includes('node_modules/zod/v4/mini/'))).toBe(true);
    expect(inputs.some((input) => input.includes('node_modules/zod/v4/core/'))).toBe(true);
  });
});

describe('only the groups with multipart routes carry the multipart parser (D73)', () => {
  // Anywhere in the asset: a group without multipart routes must not reach the parser at all, not
  // even behind a dynamic import (the multipart groups read it at init, as they hand it to
  // createGroupHandler).
  it.each(ROUTE_GROUPS.map((group) => [group.name, group] as const))('%s', async (_name, group) => {
    const multipart = group.routes.some((route) => route.bodyKind === 'multipart');
    expect(holdsBusboy(anywhere(await bundleInputs(group.handler)))).toBe(multipart);
  });

  it('some groups have multipart routes (the check above is not vacuous)', () => {
    expect(
      ROUTE_GROUPS.filter((group) => group.routes.some((route) => route.bodyKind === 'multipart')).length,
    ).toBeGreaterThanOrEqual(3);
  });
});

describe('what a route reaches through `await import()` is not read at init (D106)', () => {
  const questions = ROUTE_GROUPS.find((group) => group.name === 'questions')!;

  /**
   * Route-specific clients and libraries: each sits behind a wrapper that imports it on first use
   * (domains/files/object-store.ts, runtime/mail/send-mail.ts, domains/mail/unsubscribe-token.ts,
   * domains/accounts/google-sign-in.ts, domains/exams/answer-evaluation.ts, domains/exams/question-images.ts,
   * domains/exams/rendered-texts.ts). `usedBy` are the groups with a route that needs it.
   */
  const routeSpecific = [
    {
      module: '@aws-sdk/client-s3',
      usedBy: ['files', 'files-sheets', 'profile', 'users', 'exams', 'images', 'questions', 'profile-export'],
    },
    // Question images: image-size and the byte checks load on the first image route (domains/exams/question-images.ts),
    // or when an import carries images (domains/files/importer/import-images.ts).
    { module: 'image-size', usedBy: ['images', 'files-sheets'] },
    // The import's image fetcher and its SSRF guard: only a sheet naming image URLs loads them (D177).
    { module: 'request-filtering-agent', usedBy: ['files-sheets'] },
    { module: '@aws-sdk/client-sesv2', usedBy: ['auth'] },
    { module: 'jose', usedBy: ['auth', 'profile'] },
    { module: '@aws-sdk/client-bedrock-runtime', usedBy: ['questions'] },
    // The Markdown rule (D263): only an exam read with Markdown among its first questions renders it
    // (domains/exams/rendered-texts.ts).
    { module: 'markdown-it', usedBy: ['exams'] },
    // The public-exam read cache and the rendered-Markdown cache load lru-cache on first use (D509).
    { module: 'lru-cache', usedBy: ['exams'] },
    { module: 'katex', usedBy: ['exams'] },
    { module: 'highlight.js', usedBy: ['exams'] },
    // The text, quiz and Anki readers load on the first such file; workbooks do not need them (D478).
    { module: 'iconv-lite', usedBy: ['files-sheets'] },
    { module: 'html-to-text', usedBy: ['files-sheets'] },
    { module: 'csv-parse', usedBy: ['files-sheets'] },
    { module: 'fzstd', usedBy: ['files-sheets'] },
    // The multipart parser loads on a group's first upload (runtime/http/multipart-body.ts, D478).
    { module: '@fastify/busboy', usedBy: ['files-sheets', 'users-sheets', 'studies-sheets'] },
  ];
  const holds = (inputs: string[], module: string) => inputs.some((input) => input.includes(`node_modules/${module}/`));

  describe.each(routeSpecific)('$module', ({ module, usedBy }) => {
    it.each(ROUTE_GROUPS.map((group) => [group.name, group] as const))(
      '%s does not read it at init',
      async (_name, group) => {
        expect(holds((await bundleInputs(group.handler)).atInit, module)).toBe(false);
      },
    );

    it.each(usedBy)('%s has it in a lazy chunk (the check above is not vacuous)', async (name) => {
      const group = ROUTE_GROUPS.find((candidate) => candidate.name === name)!;
      expect(holds((await bundleInputs(group.handler)).lazy, module)).toBe(true);
    });
  });

  it('the DynamoDB client, which every request uses, is read at init (the split is not everything-lazy)', async () => {
    const { atInit, lazy } = await bundleInputs(questions.handler);
    expect(atInit.some((input) => input.includes('node_modules/@aws-sdk/client-dynamodb/'))).toBe(true);
    expect(lazy.some((input) => input.includes('node_modules/@aws-sdk/client-dynamodb/'))).toBe(false);
  });
});

describe('SheetJS: a write-only copy for downloads, the reading copy where a file is read (D85, D499, D501)', () => {
  const holdsWriteCopy = (inputs: string[]) => inputs.includes('node_modules/xlsx/xlsx.mjs?write-only');
  const holdsReadCopy = (inputs: string[]) => inputs.includes('node_modules/xlsx/xlsx.mjs');
  const sheetGroups = ['files-sheets', 'studies-sheets', 'users-sheets', 'profile-export'];

  // A download writes with the write-only copy; the reading copy loads with a group's first upload. The
  // data export's Lambda and the users sheet load even the write-only copy on first use (D499). The
  // data export reads no workbook: it carries no reading copy at all.
  it.each(sheetGroups)('%s reads the reading copy only in a lazy chunk, if at all', async (name) => {
    const group = ROUTE_GROUPS.find((candidate) => candidate.name === name)!;
    const { atInit, lazy } = await bundleInputs(group.handler);
    expect(holdsReadCopy(atInit)).toBe(false);
    expect(holdsReadCopy(lazy)).toBe(name !== 'profile-export');
    expect(holdsWriteCopy([...atInit, ...lazy])).toBe(true);
    expect(holdsWriteCopy(atInit)).toBe(name === 'files-sheets' || name === 'studies-sheets');
  });

  it('no other group carries SheetJS at all', async () => {
    for (const group of ROUTE_GROUPS.filter((g) => !sheetGroups.includes(g.name)))
      expect(
        anywhere(await bundleInputs(group.handler)).filter((input) => input.includes('node_modules/xlsx/')),
        group.name,
      ).toEqual([]);
  });
});

describe('only the spreadsheet Lambda carries the Anki package reader (D150)', () => {
  // sql.js inlines SQLite's WebAssembly (~1 MB): only `.apkg` imports need it.
  const holds = (inputs: string[], module: string) => inputs.some((input) => input.includes(`node_modules/${module}/`));
  it.each(ROUTE_GROUPS.map((group) => [group.name, group] as const))('%s', async (name, group) => {
    const inputs = await bundleInputs(group.handler);
    expect(holds(inputs.atInit, 'sql.js')).toBe(false);
    expect(holds(anywhere(inputs), 'sql.js')).toBe(name === 'files-sheets');
  });
});

describe('what only some requests use is not read at init (D107)', () => {
  const holds = (inputs: string[], module: string) => inputs.some((input) => input.includes(`node_modules/${module}/`));

  // Most answers write no log line; the first line a container writes imports the logger (runtime/log.ts).
  it.each(ROUTE_GROUPS.map((group) => [group.name, group] as const))(
    '%s reads the Powertools Logger only at its first line',
    async (_name, group) => {
      const inputs = await bundleInputs(group.handler);
      expect(holds(inputs.atInit, '@aws-lambda-powertools/logger')).toBe(false);
      expect(holds(inputs.lazy, '@aws-lambda-powertools/logger')).toBe(true);
    },
  );

  // Metrics are published only by an invocation that counted something (runtime/metrics.ts, D140).
  it.each(entries)('%s reads Powertools Metrics only when it publishes', async (entry) => {
    const inputs = await bundleInputs(entry);
    expect(holds(inputs.atInit, '@aws-lambda-powertools/metrics')).toBe(false);
    expect(holds(inputs.lazy, '@aws-lambda-powertools/metrics')).toBe(true);
  });

  // The X-Ray SDK is read on a process's first sampled invocation only (runtime/tracing.ts, D241). The
  // index migration job opens no subsegments of its own (its Lambda is traced by active tracing alone),
  // so its asset has no tracer at all.
  const untraced = ['functions/jobs/index-shards.ts'];
  it.each(entries)('%s reads Powertools Tracer and the X-Ray SDK only when an invocation is sampled', async (entry) => {
    const inputs = await bundleInputs(entry);
    expect(holds(inputs.atInit, '@aws-lambda-powertools/tracer')).toBe(false);
    expect(holds(inputs.atInit, 'aws-xray-sdk-core')).toBe(false);
    expect(holds(inputs.lazy, 'aws-xray-sdk-core')).toBe(!untraced.includes(entry));
  });

  // @middy/core imports Node's web streams for streamed answers, which no route gives
  // (infra/lambda-shims/node-stream-web.ts stands in for them).
  it.each(ROUTE_GROUPS.map((group) => [group.name, group] as const))(
    '%s does not import node:stream/web at init',
    async (_name, group) => {
      const inputs = await bundleInputs(group.handler);
      expect(inputs.initCode).not.toMatch(/["']node:stream\/web["']/);
      expect(inputs.atInit).toContain('node_modules/@middy/core/index.js');
      expect(inputs.atInit).toContain('infra/lambda-shims/node-stream-web.ts');
    },
  );
});

describe('each function is granted the DynamoDB actions its code calls, derived from its bundle (D344)', () => {
  const declared = (name: string) =>
    ROUTE_GROUPS.find((group) => group.name === name)?.dynamo ?? BACKGROUND_TABLE_ACTIONS[name];

  // The stack grants `declared` (tests/infra/stack.test.ts checks the role): this keeps the declaration
  // equal to what the code calls, so a store call added or removed fails here until it is declared.
  it.each(functionEntries)('%s declares exactly the actions its stores call', async (name, entry) => {
    const used = tableActionsInBundle((await bundleInputs(entry)).allCode);
    expect(used, name).not.toContain('Scan');
    expect(
      [...(declared(name) ?? [])].sort(),
      `${name}: declare these (shared/route-groups or BACKGROUND_TABLE_ACTIONS)`,
    ).toEqual([...used].sort());
  });

  it('reads commands and transaction items, and only from our own modules (the check above is not vacuous)', () => {
    const code = [
      '// functions/domains/x/store.ts',
      'await db().send(new QueryCommand({}));',
      'items.push({ Delete: { TableName: t, Key: k } }, { ConditionCheck: { TableName: t } });',
      '// node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/ScanCommand.js',
      'class ScanCommand {} new ScanCommand(); const x = { Put: 1 };',
    ].join('\n');
    expect(tableActionsInBundle(code)).toEqual(['Query', 'DeleteItem', 'ConditionCheckItem']);
  });
});
