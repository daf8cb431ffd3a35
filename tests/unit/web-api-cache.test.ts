import { describe, expect, test } from 'vitest';
import { listExams } from '#shared/contracts/exams.js';
import { subscribedExams } from '#shared/contracts/exam-subscriptions.js';
import { listTags } from '#shared/contracts/tags.js';
import { listVersion, subscribeListVersions, writeThenInvalidate } from '../../web/src/lib/use-api.js';

describe('writes carry their cache invalidation', () => {
  test('a write answers as the call did, then every read of the contracts it names starts again', async () => {
    const before = [listVersion(listExams), listVersion(subscribedExams), listVersion(listTags)];
    let notified = 0;
    const stop = subscribeListVersions(() => (notified += 1));
    await expect(writeThenInvalidate(async () => 'saved', listExams, subscribedExams)).resolves.toBe('saved');
    stop();
    expect([listVersion(listExams), listVersion(subscribedExams), listVersion(listTags)]).toEqual([
      before[0]! + 1,
      before[1]! + 1,
      before[2],
    ]);
    expect(notified).toBe(1);
  });

  test('a failed write still invalidates (it may have changed part of the data) and rethrows', async () => {
    const before = listVersion(listExams);
    const failure = new Error('half done');
    await expect(writeThenInvalidate(() => Promise.reject(failure), listExams)).rejects.toBe(failure);
    expect(listVersion(listExams)).toBe(before + 1);
  });

  test('the invalidation happens after the write settles, not before', async () => {
    const before = listVersion(listTags);
    let seenDuringWrite = -1;
    await writeThenInvalidate(async () => {
      seenDuringWrite = listVersion(listTags);
    }, listTags);
    expect(seenDuringWrite).toBe(before);
    expect(listVersion(listTags)).toBe(before + 1);
  });
});
