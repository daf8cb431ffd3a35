/** Pieces several entity keys share. */

/** Zero-padded numbers, so positions and chunk numbers sort as strings. */
export const pad = (n: number, width = 6) => String(n).padStart(width, '0');

/** Case-insensitive, width-folded, trimmed key of a name or title; its byte limit is checked by the contracts. */
export { keyText as nameKey } from '#shared/domain/key-text.js';

/** A stable shard of an id (FNV-1a, 32 bits), so an item keeps its shard whatever else changes. */
export function shardOf(id: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}

/** The personal partition of a user: every personal record lives under it (docs/architecture.md §2.1). */
export const userPk = (userId: string) => `USER#${userId}`;

/**
 * Stands in for a withdrawn creator (exams, files, studies): matches no user id, so it grants nobody
 * anything, and an item carrying it has no creator index entry (nobody lists a withdrawn user's creations).
 */
export const WITHDRAWN_CREATOR_ID = 'withdrawn';

/** The user id of a personal partition key. */
export const userIdOfPk = (pk: string) => (pk.startsWith('USER#') ? pk.slice('USER#'.length) : null);
