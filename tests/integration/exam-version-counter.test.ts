import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { examEntity } from '../../functions/domains/exams/entities/exam.js';
import { questionPositionCounterEntity } from '../../functions/domains/exams/entities/question-position-counter.js';
import { appItem } from '../support/accounts.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { fixtureUser } from '../support/fixture-users.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * Retakes count versions on the original's unindexed `QSEQ` counter item (D193), so a retake no
 * longer writes the EXAM item and with it both list indexes; a count older code left on the EXAM
 * item is the base.
 */
describe('the version counter of an original', () => {
  it('numbers retakes from the counter item and leaves the EXAM item untouched', async () => {
    const owner = await fixtureUser(apiUrl);
    const file = await uploadBank(owner, `versions-${Date.now()}.xlsx`, 4);
    const original = await createExam(owner, { title: 'Counted', question_count: 3, file_name: file.name });
    const retake = async () =>
      (
        (await (await owner.client.post(`/api/exam/${original.id}/retake/`, {})).json()) as {
          exam: { version_number: number; title: string };
        }
      ).exam;
    expect(await retake()).toMatchObject({ version_number: 2, title: 'Counted (v2)' });
    expect(await retake()).toMatchObject({ version_number: 3 });
    expect((await appItem(examEntity.key(original.id)))!.version_count).toBeUndefined();
    expect((await appItem(questionPositionCounterEntity.key(original.id)))!.version_count).toBe(2);

    // An original whose count older code kept on the EXAM item: numbering goes on from it.
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: process.env.APP_TABLE!,
        Key: examEntity.key(original.id),
        UpdateExpression: 'SET version_count = :n',
        ExpressionAttributeValues: { ':n': 5 },
      }),
    );
    expect(await retake()).toMatchObject({ version_number: 5 + 3 + 1 });
  });
});
