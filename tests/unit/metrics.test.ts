import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** metrics.ts in a fresh process state, with the EMF lines Powertools writes to stdout captured. */
async function metricsAt(level: string) {
  vi.resetModules();
  vi.stubEnv('LOG_LEVEL', level);
  vi.stubEnv('STAGE', 'staging');
  const lines: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
  const metrics = await import('../../functions/runtime/metrics.js');
  // Only the metric lines (a failed request also writes its log line).
  const emf = () =>
    lines
      .filter((line) => line.includes('"_aws"'))
      .map((line) => JSON.parse(line) as Record<string, unknown> & { _aws: EmfMeta });
  return { ...metrics, lines, emf };
}

interface EmfMeta {
  CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[];
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('business metrics (D140)', () => {
  it('publishes one EMF line per invocation: one namespace, stage and group dimensions, the counts summed', async () => {
    const { withMetrics, countMetric, METRIC, METRICS_NAMESPACE, emf } = await metricsAt('info');
    const handler = withMetrics('exams', async () => {
      countMetric(METRIC.examsCreated);
      countMetric(METRIC.answersGraded, 3);
      countMetric(METRIC.answersGraded, 2);
      countMetric(METRIC.reviews, 0);
      countMetric(METRIC.importedRows, Number.NaN);
    });
    await handler();
    const [line, ...rest] = emf();
    expect(rest).toEqual([]);
    const meta = line!._aws.CloudWatchMetrics[0]!;
    expect(meta.Namespace).toBe(METRICS_NAMESPACE);
    expect(meta.Dimensions).toEqual([['service', 'stage', 'group']]);
    expect(meta.Metrics.map((m) => m.Name).sort()).toEqual(['AnswersGraded', 'ColdStart', 'ExamsCreated', 'Reviews']);
    expect(line).toMatchObject({
      stage: 'staging',
      group: 'exams',
      AnswersGraded: 5,
      ExamsCreated: 1,
      Reviews: 0,
      ColdStart: 1,
    });
  });

  it('flags only the first invocation of a process as a cold start, and writes nothing when nothing was counted', async () => {
    const { withMetrics, countMetric, METRIC, emf } = await metricsAt('info');
    const quiet = withMetrics('system', async () => undefined);
    await quiet();
    await quiet();
    expect(emf().map((line) => line.ColdStart)).toEqual([1]);
    await withMetrics('results', async () => countMetric(METRIC.answersGraded))();
    expect(emf()[1]).toMatchObject({ group: 'results', AnswersGraded: 1 });
    expect(emf()[1]).not.toHaveProperty('ColdStart');
  });

  it('publishes a nested job (the local daily mail runs its workers in-process) under its own group', async () => {
    const { withMetrics, countMetric, METRIC, emf } = await metricsAt('info');
    const worker = withMetrics('daily-quiz-email-worker', async () => countMetric(METRIC.dailyMailsSent, 0));
    await withMetrics('daily-quiz-email', async () => {
      await worker();
      countMetric(METRIC.dailyMailsFailed, 0);
    })();
    expect(emf().map((line) => [line.group, line.DailyMailsSent, line.DailyMailsFailed])).toEqual([
      ['daily-quiz-email-worker', 0, undefined],
      ['daily-quiz-email', undefined, 0],
    ]);
  });

  it('publishes the counts of a failed invocation too', async () => {
    const { withMetrics, countMetric, METRIC, emf } = await metricsAt('info');
    const failing = withMetrics('mail-feedback', async () => {
      countMetric(METRIC.bounces);
      throw new Error('boom');
    });
    await expect(failing()).rejects.toThrow('boom');
    expect(emf()[0]).toMatchObject({ group: 'mail-feedback', Bounces: 1 });
  });

  it(
    'publishes a route group invocation’s counts under the group, failed answers too, and counts 5xx faults (metricsFlushed)',
    { timeout: 30_000 },
    async () => {
      const { countMetric, METRIC, emf } = await metricsAt('info');
      // Imported after the reset, so the group handler shares this metrics module.
      const system = await import('#shared/contracts/system.js');
      const { systemGroup } = await import('#shared/route-groups/system.js');
      const { bind, createGroupHandler } = await import('../../functions/groups/group-handler.js');
      const { httpEvent } = await import('../support/http-event.js');
      const handler = createGroupHandler(systemGroup, [
        bind(system.getCsrfToken, async () => {
          countMetric(METRIC.examsCreated);
          return { csrfToken: 'x'.repeat(43) };
        }),
        bind(system.testCsrf, async () => ({ success: true as const, message: 'ok' })),
        bind(system.getTranslations, async () => {
          countMetric(METRIC.importsRefused);
          if (throttled) throw Object.assign(new Error('slow down'), { name: 'ThrottlingException' });
          throw new Error('boom');
        }),
      ]);
      let throttled = false;
      const context = { awsRequestId: 'aws-req' } as Context;
      const translations = () => handler(httpEvent('GET', '/api/translations/', 'GET /api/translations'), context);
      await handler(httpEvent('GET', '/api/csrf-token/', 'GET /api/csrf-token'), context);
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect((await translations()).statusCode).toBe(500);
      // A refusal (403, no CSRF token) and a 503 with Retry-After are answers, not faults.
      expect((await handler(httpEvent('POST', '/api/test-csrf/', 'POST /api/test-csrf'), context)).statusCode).toBe(
        403,
      );
      throttled = true;
      expect((await translations()).statusCode).toBe(503);
      expect(
        emf().map((line) => [line.group, line.ColdStart, line.ExamsCreated, line.ImportsRefused, line.ServerErrors]),
      ).toEqual([
        ['system', 1, 1, undefined, undefined],
        // The unhandled error became an ordinary 500 answer: counted for the canary's alarm (D341).
        ['system', undefined, undefined, 1, 1],
        ['system', undefined, undefined, 1, undefined],
      ]);
    },
  );

  it.each(['silent', 'error', 'warn'])(
    'writes nothing with LOG_LEVEL=%s (metric lines are info lines)',
    async (level) => {
      const { withMetrics, countMetric, METRIC, lines } = await metricsAt(level);
      await withMetrics('exams', async () => countMetric(METRIC.examsCreated))();
      expect(lines).toEqual([]);
    },
  );
});
