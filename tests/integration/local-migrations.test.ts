import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/lib/aws/clients.js';
import { config } from '../../functions/lib/config.js';
import { examEntity } from '../../functions/lib/data/entities/index.js';
import { newId } from '../../functions/lib/data/ids.js';
import { migrateLocalData } from '../../local/migrations.js';

Object.assign(process.env, inject('cloudEnv'));

describe('local data migrations', () => {
  it('moves exams of the unsharded list index into their shard, once', async () => {
    const id = newId();
    const createdAt = new Date().toISOString();
    await dynamoDocument().send(
      new PutCommand({
        TableName: config.appTable,
        Item: { ...examEntity.key(id), id, created_at: createdAt, is_public: true, gsi2pk: 'PUBLICEXAMS', gsi2sk: `${createdAt}#${id}` },
      }),
    );
    const lines: string[] = [];
    await migrateLocalData((line) => lines.push(line));
    const { Item } = await dynamoDocument().send(new GetCommand({ TableName: config.appTable, Key: examEntity.key(id) }));
    expect(Item).toMatchObject(examEntity.visibilityIndex(true, createdAt, id));
    expect(lines.join()).toMatch(/moved \d+ exams/);
    const again: string[] = [];
    await migrateLocalData((line) => again.push(line));
    expect(again).toEqual([]);
  });
});
