import type { StoredQuestion } from '../files/index.js';

/** Questions from one file at least this many in an exam are read with one prefix Query; the rest by key. */
export const PREFIX_QUERY_MIN = 100;

/**
 * How to read a user's per-question items (`QSTAT#`, `FAV#`, `IGNORED#`) for an exam's questions
 * in a bounded number of requests: imported questions are `<fileId>-<order>` (prefix property,
 * docs/architecture.md §2.1), so a file holding ≥ 100 of the exam's questions is one prefix Query
 * (1 MB pages); the other ids are read by key (BatchGetItem of 100).
 */
export function prefixOrKeys(questions: StoredQuestion[]): { prefixFiles: string[]; keyIds: string[] } {
  const byFile = new Map<string, string[]>();
  const keyIds: string[] = [];
  for (const q of questions) {
    const fileId = typeof q.file_id === 'string' ? q.file_id : '';
    if (fileId && String(q.id).startsWith(`${fileId}-`))
      byFile.set(fileId, [...(byFile.get(fileId) ?? []), String(q.id)]);
    else keyIds.push(String(q.id));
  }
  const prefixFiles: string[] = [];
  for (const [fileId, ids] of byFile) {
    if (ids.length >= PREFIX_QUERY_MIN) prefixFiles.push(fileId);
    else keyIds.push(...ids);
  }
  return { prefixFiles, keyIds };
}
