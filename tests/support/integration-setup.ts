import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startLocalCloud, type LocalCloud } from '../../local/cloud.js';
import { freePort } from '../../local/engines.js';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    cloudEnv: Record<string, string>;
  }
}

let cloud: LocalCloud | undefined;

// The handlers run in this process; their request logs would drown the test report.
process.env.LOG_LEVEL ??= 'silent';

/** One local cloud (real DynamoDB Local, s3rver, SES emulator) for every integration test file. */
export async function setup(project: TestProject) {
  const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  cloud = await startLocalCloud({ rootDir, port: await freePort(), dataDir: null, web: 'none', scheduler: false });
  project.provide('apiUrl', cloud.url);
  project.provide('cloudEnv', cloud.env);
}

export async function teardown() {
  await cloud?.stop();
}
