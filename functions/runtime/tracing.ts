/**
 * X-Ray subsegments for the AWS SDK calls and the route as an annotation (D241), on top of
 * Lambda's active tracing (D112), which already gives every sampled invocation its segment.
 *
 * Powertools Tracer brings `aws-xray-sdk-core` (~22 ms to load on this machine, half a group's
 * cold start). So, like the metrics module, it is read only when it has work: on the first
 * *sampled* invocation of a Lambda process (`Sampled=1` in `_X_AMZN_TRACE_ID`, 5 % by default,
 * `-c tracingSampleRate`). Unsampled requests, local runs and tests never load it. Clients made
 * before then are instrumented when it loads; the SDK middleware it adds does nothing on an
 * unsampled invocation.
 */
/** What the clients expose to instrumentation: their middleware stack (every AWS SDK v3 client has one). */
export type TraceableClient = { middlewareStack: unknown; config: unknown };

export interface TraceSpan {
  /** Marks the span failed with the error (its message and stack; no request data). */
  fail(error: unknown): void;
  /** Closes the span and restores the invocation's segment. */
  end(): void;
}

type PowertoolsTracing = typeof import('./powertools-tracer.js');
const clients = new Set<TraceableClient>();
let loaded: PowertoolsTracing | undefined;
let invocations = 0;

/** Registers a client so its calls become subsegments once tracing is loaded; returns it unchanged. */
export function traced<T extends TraceableClient>(client: T): T {
  clients.add(client);
  loaded?.instrument(client);
  return client;
}

/** True in a Lambda invocation that X-Ray sampled, unless tracing is switched off (`POWERTOOLS_TRACE_ENABLED=false`). */
export function invocationSampled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (!env.AWS_LAMBDA_FUNCTION_NAME || env.POWERTOOLS_TRACE_ENABLED === 'false') return false;
  return /(?:^|;)Sampled=1(?:;|$)/.test(env._X_AMZN_TRACE_ID ?? '');
}

/**
 * Opens the invocation's `## <name>` subsegment with low-cardinality annotations (route, group,
 * and ColdStart: the process's first invocation — counted here, since the tracer itself is loaded
 * only at the first sampled one),
 * loading the tracer first if this is the process's first sampled invocation. Undefined when the
 * invocation is not sampled. Tracing never fails a request: a tracer that cannot load or open a
 * subsegment is reported on stderr and the request goes on untraced.
 */
export async function startSpan(name: string, annotations: Record<string, string>): Promise<TraceSpan | undefined> {
  const coldStart = ++invocations === 1;
  if (!invocationSampled()) return undefined;
  try {
    if (!loaded) {
      loaded = await import('./powertools-tracer.js');
      for (const client of clients) loaded.instrument(client);
    }
    return loaded.open(name, { ...annotations, ColdStart: coldStart });
  } catch (error) {
    console.error('tracing unavailable', error);
    return undefined;
  }
}

/** A scheduled job's handler, its invocation traced as `## <name>` when sampled. */
export function withTrace<F extends (...args: never[]) => Promise<unknown>>(name: string, run: F): F {
  const traced = async (...args: Parameters<F>) => {
    const span = await startSpan(`## ${name}`, { job: name });
    try {
      return await run(...args);
    } catch (error) {
      span?.fail(error);
      throw error;
    } finally {
      span?.end();
    }
  };
  return traced as F;
}
