import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
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
        // A whole exam as an older build stored it, so the other files' exam lists (sharing this table) can read it.
        Item: {
          ...examEntity.item({
            id,
            title: `Legacy ${id}`,
            title_ko: '',
            title_en: '',
            title_key: `legacy ${id}`.toLowerCase(),
            description_ko: '',
            description_en: '',
            created_at: createdAt,
            created_language: 'en',
            is_original: true,
            original_exam: null,
            version_number: 1,
            is_public: true,
            file_name: null,
            file_id: null,
            total_questions: 0,
            created_by_id: 'withdrawn',
            created_by_username: '',
            tags: [],
            tag_ids: [],
            force_answer: false,
            voice_mode_enabled: false,
            ai_mock_interview: false,
            search_text: '',
          }),
          gsi2pk: 'PUBLICEXAMS',
          gsi2sk: `${createdAt}#${id}`,
        },
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
    expect(examEntity.parse(Item!).id).toBe(id);
    await dynamoDocument().send(new DeleteCommand({ TableName: config.appTable, Key: examEntity.key(id) }));
  });
});
