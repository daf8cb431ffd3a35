import { describe, expect, inject, it } from 'vitest';
import { importQuestionSheet } from '../../functions/domains/files/importer/import.js';
import type { Logger } from '../../functions/runtime/log.js';
import { apkgBytes } from '../support/anki-deck.js';
import { itemsOwnedBy, objectsUnder } from '../support/exam-store.js';
import { fixtureUser } from '../support/fixture-users.js';
import { png } from '../support/images.js';

/*
 * An import that fails on its way leaves nothing: the images, the question pool and the stored
 * file it had written before the failure are removed, and no file record points at them. The
 * failure here is the copy of a staged upload that is not in the bucket (its bytes never arrived),
 * which comes after the images and the questions were written.
 */

Object.assign(process.env, inject('cloudEnv'));
const apiUrl = inject('apiUrl');

const NOTES = [
  { fields: ['Which flag? <img src="flag.png" alt="a flag">', 'Korea'] },
  { fields: ['Capital of France', 'Paris'] },
];

/** A logger that keeps the warnings: the rollback names the file it removed. */
function keptWarnings(): Logger & { warnings: Record<string, unknown>[] } {
  const warnings: Record<string, unknown>[] = [];
  const log = {
    warnings,
    info: () => undefined,
    error: () => undefined,
    warn: (message: string, fields?: Record<string, unknown>) => void warnings.push({ message, ...fields }),
    child: () => log,
  };
  return log;
}

const importDeck = async (owner: { id: string; username: string }, fileName: string, log: Logger, stagedKey?: string) =>
  importQuestionSheet({
    bytes: await apkgBytes(NOTES, 'anki2', { 'flag.png': png(40, 30) }),
    fileName,
    isPublic: false,
    owner,
    language: 'en',
    ...(stagedKey ? { stagedKey } : {}),
    log,
  });

describe('question import: a failure on the way', () => {
  it('removes the images and questions it wrote; the file imported before is untouched', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const owner = { id: user.id, username: user.username };
    const kept = await importDeck(owner, 'kept.apkg', keptWarnings());
    const before = await itemsOwnedBy(user.id);
    // What a successful import of this deck writes, so the check below can see it.
    expect(before.filter((item) => item.type === 'QUESTION')).toHaveLength(2);
    expect(await objectsUnder(`file-images/${kept.file.id}/`)).toHaveLength(1);

    const log = keptWarnings();
    await expect(importDeck(owner, 'lost.apkg', log, `uploads/${user.id}/never-arrived`)).rejects.toThrow();
    const lost = log.warnings.find((warning) => warning.message === 'import rolled back')?.fileId;
    expect(lost, 'the rollback names the file').toEqual(expect.any(String));

    const after = await itemsOwnedBy(user.id);
    expect(after.map((item) => `${item.pk} ${item.sk}`).sort()).toEqual(
      before.map((item) => `${item.pk} ${item.sk}`).sort(),
    );
    expect(await objectsUnder(`files/${user.id}/`)).toEqual([`files/${user.id}/${kept.file.id}`]);
    expect(await objectsUnder(`file-images/${lost}/`)).toEqual([]);
  });
});
