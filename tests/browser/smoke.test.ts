import { describe, expect, inject, it } from 'vitest';
import { runSmoke } from '../../scripts/smoke.js';

/**
 * The pipeline's smoke script (scripts/smoke.ts, D144) against the `npm start` this project
 * already runs for the browser tests, so the script cannot rot between deploys.
 */
describe('smoke script against npm start', () => {
  it('signs up, imports a file, takes an exam, reads the result and cleans up', async () => {
    const steps = await runSmoke(inject('baseUrl'));
    expect(steps.map((s) => s.step)).toEqual([
      'csrf token',
      'sign up',
      'import a small file',
      'create an exam',
      'read the questions',
      'take the exam',
      'read the result',
      'delete the exam',
      'delete the file',
      'delete the account',
    ]);
  });

  it('fails with the step that failed (a site that is not there)', async () => {
    await expect(runSmoke('http://127.0.0.1:9/')).rejects.toThrow(/^csrf token: /);
  });
});
