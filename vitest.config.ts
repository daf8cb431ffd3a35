import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser files that take longest start first (D496): with two at a time, a long file started last
 * would run alone at the end. A clean clone has no timings cached, so they are named here.
 */
const SLOW_BROWSER_FILES = ['layout-shift', 'learner-journey', 'accessibility', 'accounts', 'learner-read'];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOW_BROWSER_FILES.findIndex((name) => file.moduleId.endsWith(`/tests/browser/${name}.test.ts`));
      return index === -1 ? SLOW_BROWSER_FILES.length : index;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'silent' };

/**
 * Unit files that need a module graph of their own: they replace modules (vi.mock), stub globals, or set
 * process.env before importing what reads it. Read from the files themselves, so a new test that mocks
 * lands here without a list to keep. The other unit files share one graph (isolate: false): each module
 * is loaded once, not once per file — the unit project's CPU halves (D508).
 */
const OWN_GRAPH = /vi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\b|process\.env|globalThis\.\w+ =/;
const UNIT_ROOTS = ['tests/unit', 'shared', 'functions'];
const unitFilesWithOwnGraph = UNIT_ROOTS.flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${root}/${file}`)
    .filter((path) => OWN_GRAPH.test(readFileSync(path, 'utf8'))),
);

export default defineConfig({
  test: {
    env,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          env,
          include: UNIT_ROOTS.map((root) => `${root}/**/*.test.ts`),
          exclude: unitFilesWithOwnGraph,
          isolate: false,
        },
      },
      {
        test: { name: 'unit-isolated', env, include: unitFilesWithOwnGraph },
      },
      {
        test: {
          name: 'integration',
          env,
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/integration-setup.ts'],
          // It runs beside the unit and infra projects (npm run test:servers): a share of two cores.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'infra',
          env,
          include: ['tests/infra/**/*.test.ts'],
          // One module graph for every file: aws-cdk-lib loads once and a synthesis after the first is ~3× faster
          // (its code already compiled), half the project's CPU (D508).
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'browser',
          env,
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/browser-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Two files at a time, each with its own Chromium, against the one server: a browser file mostly
          // waits (renders, polls, the server's engines), so two cores carry two of them (D496).
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
