/** The request mix of the exam load (bench/exam-load.ts) and what its load generator reports. */
export type RequestKind = 'list' | 'read' | 'submit';
/** Each client cycles through these in turn, starting at a different one. */
export const REQUEST_KINDS: RequestKind[] = ['list', 'read', 'submit'];

export interface LoadClientsConfig {
  url: string;
  seconds: number;
  connections: number;
  users: { cookie: string; csrf: string }[];
  exams: { id: string; answers: { question_id: string; answer: string; elapsed_seconds: number }[] }[];
}

export interface KindResult {
  /** Latencies (ms) of every answered request, sorted. */
  latencies: number[];
  /** Answers by HTTP status; `network` for a request that got none. */
  statuses: Record<string, number>;
  /** The first body of each non-2xx status, to see what it was. */
  samples: Record<string, string>;
}

export const emptyKind = (): KindResult => ({ latencies: [], statuses: {}, samples: {} });

export interface LoadClientsResult {
  kinds: Record<RequestKind, KindResult>;
  /** CPU (ms) the generator itself used from the first request to the last answer. */
  cpuMs: number;
  /** From the first request to the last answer (ms). */
  wallMs: number;
}
