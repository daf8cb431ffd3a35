/**
 * Powertools Tracer, read only on a sampled invocation (tracing.ts). Its global HTTP patching is
 * off: the SDK clients are instrumented one by one (their calls would otherwise show twice, as
 * the SDK subsegment and its HTTPS request), and we make no other outbound calls worth tracing.
 * Responses are never captured: they hold learners' answers.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';
import { METRICS_SERVICE } from '#shared/domain/business-metrics.js';
import type { TraceableClient, TraceSpan } from './tracing.js';

const tracer = new Tracer({ serviceName: METRICS_SERVICE, captureHTTPsRequests: false });
const instrumented = new WeakSet<object>();

export function instrument(client: TraceableClient): void {
  if (instrumented.has(client)) return;
  instrumented.add(client);
  tracer.captureAWSv3Client(client as never);
}

export function open(name: string, annotations: Record<string, string | boolean>): TraceSpan | undefined {
  if (!tracer.isTracingEnabled()) return undefined;
  const parent = tracer.getSegment();
  if (!parent) return undefined;
  const subsegment = parent.addNewSubsegment(name);
  tracer.setSegment(subsegment);
  tracer.addServiceNameAnnotation();
  for (const [key, value] of Object.entries(annotations)) tracer.putAnnotation(key, value);
  return {
    fail: (error) => {
      subsegment.addError(error instanceof Error ? error : new Error(String(error)));
    },
    end: () => {
      subsegment.close();
      tracer.setSegment(parent);
    },
  };
}
