import { describe, expect, inject, it } from 'vitest';
import { removeFileRecord, getFile } from '../../functions/domains/files/file-store.js';
import { questionsInFileRecords } from '../../local/migrations.js';
import { uploadBank } from '../support/exam-fixtures.js';
import { anonymousClient, fixtureUser } from '../support/fixture-users.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

const poolCount = async () =>
  ((await (await anonymousClient(apiUrl)).get('/api/questions/').then((r) => r.json())) as { count: number }).count;

/**
 * GET /api/questions/ (create-exam's pool total). The counter moves in the same transaction as
 * each file record, so at any quiet moment it equals the questions of all file records. Other
 * test files import concurrently, so the comparison is retried until two reads agree.
 */
describe('question pool count', () => {
  it('equals the questions of every question file, through imports, replacements and (racing) deletions', async () => {
    const owner = await fixtureUser(apiUrl);
    const name = `pool-${Date.now()}.xlsx`;
    await uploadBank(owner, name, 37);
    await uploadBank(owner, name, 12); // the owner's replacement: +12 − 37
    const extra = await uploadBank(owner, `pool2-${Date.now()}.xlsx`, 5, false);
    expect((await owner.client.delete(`/api/question-files/${extra.id}/delete/`)).status).toBe(200);
    // Two deletions racing (and a late third) take the file off the count once.
    const raced = await uploadBank(owner, `race-${Date.now()}.xlsx`, 7);
    const record = (await getFile(raced.id))!;
    await Promise.all([removeFileRecord(record), removeFileRecord(record)]);
    await removeFileRecord(record);
    expect(await getFile(raced.id)).toBeNull();

    let agreed = false;
    for (let attempt = 0; attempt < 10 && !agreed; attempt++) {
      const [counted, stored] = await Promise.all([poolCount(), questionsInFileRecords()]);
      agreed = counted === stored;
      if (!agreed) await new Promise((r) => setTimeout(r, 300));
    }
    expect(agreed).toBe(true);
    expect(await poolCount()).toBeGreaterThanOrEqual(12);
  });
});
