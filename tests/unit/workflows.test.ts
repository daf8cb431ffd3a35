import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEPLOY_STAGES } from '../../infra/bootstrap-stack.js';

/**
 * The pipeline as code (D142), read as GitHub reads it: the YAML parsed and the job graph checked.
 * actionlint is used where it is installed (it is not on the machines this project is built on;
 * the npm registry has no maintained package of it).
 */
const ROOT = join(import.meta.dirname, '../..');
const WORKFLOWS = join(ROOT, '.github/workflows');

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  uses?: string;
  environment?: string | { name: string; url?: string };
  permissions?: Record<string, string>;
  steps?: Step[];
  outputs?: Record<string, string>;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
}

const read = (name: string) => parse(readFileSync(join(WORKFLOWS, name), 'utf8')) as Workflow;
const needs = (job: Job) => (job.needs === undefined ? [] : Array.isArray(job.needs) ? job.needs : [job.needs]);
const environmentOf = (job: Job) => (typeof job.environment === 'string' ? job.environment : job.environment?.name);
const runs = (job: Job) => (job.steps ?? []).map((s) => s.run ?? '').join('\n');

describe('pull requests', () => {
  const test = read('test.yml');

  it('run npm test, read-only, and the main pipeline reuses the same workflow', () => {
    expect(Object.keys(test.on).sort()).toEqual(['pull_request', 'workflow_call']);
    expect(test.permissions).toEqual({ contents: 'read' });
    const jobs = Object.values(test.jobs);
    expect(jobs).toHaveLength(1);
    expect(runs(jobs[0]!)).toMatch(/^npm ci$/m);
    expect(runs(jobs[0]!)).toMatch(/^npm test$/m);
    expect(read('main.yml').jobs.test!.uses).toBe('./.github/workflows/test.yml');
  });
});

describe('main', () => {
  const main = read('main.yml');
  const jobs = main.jobs;

  it('runs on pushes to main, one release at a time, never cancelled half-way', () => {
    expect(main.on.push).toEqual({ branches: ['main'] });
    expect(main.concurrency).toEqual({ group: 'release', 'cancel-in-progress': false });
  });

  it('is the chain test → synth → staging → smoke → production (approval) → smoke, nothing skipping a step', () => {
    expect(Object.keys(jobs).sort()).toEqual(
      ['deploy-production', 'deploy-staging', 'smoke-production', 'smoke-staging', 'synth', 'test'].sort(),
    );
    expect(needs(jobs['smoke-production']!)).toEqual(['deploy-production']);
    expect(needs(jobs.test!)).toEqual([]);
    expect(needs(jobs.synth!)).toEqual(['test']);
    expect(needs(jobs['deploy-staging']!)).toEqual(['synth']);
    expect(needs(jobs['smoke-staging']!)).toEqual(['deploy-staging']);
    expect(needs(jobs['deploy-production']!)).toEqual(['smoke-staging']);
  });

  it('deploys each stage in the GitHub environment its OIDC role trusts (production: required reviewers)', () => {
    const byJob = { 'deploy-staging': 'staging', 'deploy-production': 'prod' } as const;
    for (const [job, stage] of Object.entries(byJob)) {
      const environment = DEPLOY_STAGES.find((s) => s.stage === stage)!.environment;
      expect(environmentOf(jobs[job]!), job).toBe(environment);
      expect(runs(jobs[job]!), job).toContain(`--app cdk.out.${stage} `);
      // The stage's us-east-1 WAF stack goes with it (D341).
      expect(runs(jobs[job]!), job).toMatch(
        new RegExp(`--require-approval never .*Quizbank-${stage}-waf Quizbank-${stage}$`, 'm'),
      );
    }
  });

  it('gives id-token: write to the deploy jobs only, and credentials only from the OIDC role', () => {
    expect(main.permissions).toEqual({ contents: 'read' });
    for (const [name, job] of Object.entries(jobs)) {
      const deploys = name.startsWith('deploy-');
      expect(job.permissions?.['id-token'], name).toBe(deploys ? 'write' : undefined);
      const credentials = (job.steps ?? []).filter((s) => s.uses?.startsWith('aws-actions/configure-aws-credentials@'));
      expect(credentials.length, name).toBe(deploys ? 1 : 0);
      for (const step of credentials) {
        expect(step.with?.['role-to-assume'], name).toBe('${{ vars.AWS_DEPLOY_ROLE_ARN }}');
        expect(Object.keys(step.with ?? {}).sort(), name).toEqual(['aws-region', 'role-to-assume']);
      }
    }
    // No long-lived AWS key anywhere in the workflows.
    for (const file of ['main.yml', 'test.yml'])
      expect(readFileSync(join(WORKFLOWS, file), 'utf8')).not.toMatch(/aws-access-key-id|AWS_SECRET_ACCESS_KEY/i);
  });

  it('synthesizes both stages once (with their regions) and deploys those assemblies; smoke-tests each at its URL', () => {
    expect(runs(jobs.synth!)).toMatch(/cdk synth .*-o cdk\.out\.staging -c stage=staging -c region=/);
    expect(runs(jobs.synth!)).toMatch(/cdk synth .*-o cdk\.out\.prod -c stage=prod -c region=/);
    for (const stage of ['staging', 'production']) {
      expect(jobs[`deploy-${stage}`]!.outputs).toEqual({ site_url: '${{ steps.outputs.outputs.site_url }}' });
      expect(runs(jobs[`smoke-${stage}`]!)).toContain(
        `npm run smoke -- "\${{ needs.deploy-${stage}.outputs.site_url }}"`,
      );
    }
    const smoke = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.smoke as string;
    expect(smoke).toBe('tsx scripts/smoke.ts');
  });
});

function hasActionlint(): boolean {
  try {
    execFileSync('actionlint', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!hasActionlint())('actionlint (where installed)', () => {
  it('finds nothing in the workflows', () => {
    expect(() => execFileSync('actionlint', { cwd: ROOT, stdio: 'pipe' })).not.toThrow();
  });
});
