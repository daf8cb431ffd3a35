/**
 * The result aggregate's store (docs/architecture.md §2.6 L1–L10, §2.9 T5), everything in the
 * taker's partition except the idempotency claims (ephemeral table): its reads
 * (`result-reads.ts`), its transactions (`result-transactions.ts`: submit, removal) and the later
 * statistics batches (`stats-batches.ts`).
 */
export * from './result-reads.js';
export * from './result-transactions.js';
export * from './stats-batches.js';
