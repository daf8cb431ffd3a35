import { defineConfig } from 'vitest/config';

const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'silent' };

export default defineConfig({
  test: {
    env,
    projects: [
      {
        test: {
          name: 'unit',
          env,
          include: ['tests/unit/**/*.test.ts', 'shared/**/*.test.ts', 'functions/**/*.test.ts'],
        },
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
          // One Chromium at a time: these machines have two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
