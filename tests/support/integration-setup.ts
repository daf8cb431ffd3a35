import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startLocalCloud, type LocalCloud } from '../../local/cloud.js';
import { freePort } from '../../local/engines.js';
import { TEST_GOOGLE_CLIENT_ID, TEST_LOGIN_THROTTLE_WINDOW_SECONDS } from './test-settings.js';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    cloudEnv: Record<string, string>;
    /** Port where tests/integration/accounts-google.test.ts serves its JWKS (GOOGLE_JWKS_URL points there). */
    googleJwksPort: number;
    /** Port where tests/integration/question-import-image-urls.test.ts serves images (IMPORT_IMAGE_TEST_ORIGINS). */
    imageServerPort: number;
    /** Port where tests/integration/exam-sheet-images.test.ts serves images (IMPORT_IMAGE_TEST_ORIGINS). */
    sheetImageServerPort: number;
  }
}

let cloud: LocalCloud | undefined;

// The handlers run in this process; their request logs would drown the test report, but an
// unhandled error (a 500) is printed with its stack: the fuzzer's findings then name their cause.
process.env.LOG_LEVEL ??= 'error';

/**
 * Server-side settings the account tests depend on. The handlers run in this process, so they
 * must be set here: a short login-throttle window (the tests watch it lift), and Google sign-in
 * pointed at a JWKS the Google test serves itself on a port chosen now.
 */
process.env.LOGIN_THROTTLE_WINDOW_SECONDS = String(TEST_LOGIN_THROTTLE_WINDOW_SECONDS);
process.env.GOOGLE_CLIENT_ID = TEST_GOOGLE_CLIENT_ID;

/** One local cloud (real DynamoDB Local, s3rver, SES emulator) for every integration test file. */
export async function setup(project: TestProject) {
  const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const jwksPort = await freePort();
  process.env.GOOGLE_JWKS_URL = `http://127.0.0.1:${jwksPort}/oauth2/v3/certs`;
  project.provide('googleJwksPort', jwksPort);
  // The import's image fetcher may reach these local origins over http (D177); nothing else. One per
  // test file that serves images, since files run in parallel.
  const imagePort = await freePort();
  const sheetImagePort = await freePort();
  process.env.IMPORT_IMAGE_TEST_ORIGINS = `http://127.0.0.1:${imagePort},http://127.0.0.1:${sheetImagePort}`;
  project.provide('imageServerPort', imagePort);
  project.provide('sheetImageServerPort', sheetImagePort);
  cloud = await startLocalCloud({ rootDir, port: await freePort(), dataDir: null, web: 'none', scheduler: false });
  project.provide('apiUrl', cloud.url);
  project.provide('cloudEnv', cloud.env);
}

export async function teardown() {
  await cloud?.stop();
}
