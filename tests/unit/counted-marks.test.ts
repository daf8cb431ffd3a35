import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_FAVORITE_QUESTIONS } from '#shared/contracts/questions.js';
import { AppError } from '../../functions/runtime/http/app-error.js';

/**
 * The counted writes of favorites and ignored questions (functions/domains/learning/question-flag-store.ts), against
 * a DynamoDB that answers as told: DynamoDB Local serialises transactions, so the conflict two
 * concurrent marks of one user meet in AWS (both update its COUNTERS item) is played here.
 */
const send = vi.hoisted(() => vi.fn());
vi.mock('../../functions/runtime/aws/clients.js', () => ({ dynamoDocument: () => ({ send }) }));

const canceled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const favorite = {
  question_id: 'q-1',
  question: { id: 'q-1', title: 'T' },
  exam_id: 'e-1',
  exam_title: 'E',
  exam_title_ko: '',
  exam_title_en: '',
  favorited_at: '2026-11-24T00:00:00.000Z',
};

beforeEach(() => {
  send.mockReset();
  vi.stubEnv('APP_TABLE', 'app');
});

describe('counted favorites and ignored questions', () => {
  it('tries a mark again when its transaction lost a race on the counter, and writes the item with the counter', async () => {
    const { putFavorite } = await import('../../functions/domains/learning/question-flag-store.js');
    send.mockRejectedValueOnce(canceled('None', 'TransactionConflict')).mockResolvedValueOnce({});
    await putFavorite('u-1', favorite);
    expect(send).toHaveBeenCalledTimes(2);
    const { TransactItems } = (send.mock.calls[1]![0] as TransactWriteCommand).input;
    expect(TransactItems![0]!.Put!.Item).toMatchObject({ question_id: 'q-1', type: 'FAVORITE' });
    expect(TransactItems![1]!.Update).toMatchObject({
      ConditionExpression: 'attribute_not_exists(#n) OR #n < :cap',
      ExpressionAttributeNames: { '#n': 'favorite_count' },
      ExpressionAttributeValues: { ':delta': 1, ':cap': MAX_FAVORITE_QUESTIONS },
    });
  });

  it('answers an existing mark quietly, and the cap with 409 favorite_limit_reached', async () => {
    const { putFavorite } = await import('../../functions/domains/learning/question-flag-store.js');
    send.mockRejectedValueOnce(canceled('ConditionalCheckFailed', 'None'));
    await expect(putFavorite('u-1', favorite)).resolves.toBeUndefined();

    send.mockRejectedValueOnce(canceled('None', 'ConditionalCheckFailed'));
    const refusal = await putFavorite('u-1', favorite).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      status: 409,
      code: 'favorite_limit_reached',
      params: { max: MAX_FAVORITE_QUESTIONS },
    });
  });

  it('removes a mark with its count, tries again on a conflict, and gives up after four attempts', async () => {
    const { deleteIgnored } = await import('../../functions/domains/learning/question-flag-store.js');
    send.mockRejectedValueOnce(canceled('None', 'TransactionConflict')).mockResolvedValueOnce({});
    await deleteIgnored('u-1', 'q-1');
    const { TransactItems } = (send.mock.calls[1]![0] as TransactWriteCommand).input;
    expect(TransactItems![1]!.Update).toMatchObject({
      ExpressionAttributeNames: { '#n': 'ignored_count' },
      ExpressionAttributeValues: { ':delta': -1 },
    });
    expect(TransactItems![1]!.Update!.ConditionExpression).toBeUndefined();

    send.mockReset();
    send.mockRejectedValue(canceled('None', 'TransactionConflict'));
    await expect(deleteIgnored('u-1', 'q-1')).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(send).toHaveBeenCalledTimes(4);
  });
});
