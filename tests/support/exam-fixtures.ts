import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { questionStatEntity } from '../../functions/domains/learning/entities/question-stat.js';
import type { FixtureUser } from './fixture-users.js';
import { KO_HEADER, EN_HEADER, multipartForm, questionRows, xlsxBytes } from './sheets.js';

export interface UploadedFile {
  id: string;
  name: string;
  max_questions: number;
}

/** Uploads a generated bank of `count` questions (difficulty cycles Easy, Medium, Hard). */
export async function uploadBank(
  user: FixtureUser,
  name: string,
  count: number,
  isPublic = true,
): Promise<UploadedFile> {
  const header = user.language === 'ko' ? KO_HEADER : EN_HEADER;
  return uploadSheet(user, name, [header, ...questionRows(count, name)], isPublic);
}

/** Uploads `rows` (the header first) as the spreadsheet `name`. */
export async function uploadSheet(
  user: FixtureUser,
  name: string,
  rows: unknown[][],
  isPublic = true,
): Promise<UploadedFile> {
  const res = await user.client.request('POST', '/api/upload-questions/', {
    body: multipartForm({ is_public: String(isPublic) }, { name, bytes: xlsxBytes(rows) }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { file: UploadedFile }).file;
}

export async function createExam(
  user: FixtureUser,
  body: Record<string, unknown>,
): Promise<{ id: string; question_count: number; reduced: boolean; message: string; exam: Record<string, any> }> {
  const res = await user.client.post('/api/create-exam/', body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as never;
}

/** A row of the caller's answer history, as the exam-taking feature will write it. */
export async function writeStat(userId: string, questionId: string, total: number, correct: number): Promise<void> {
  await dynamoDocument().send(
    new PutCommand({
      TableName: config.appTable,
      Item: {
        ...questionStatEntity.key(userId, questionId),
        type: 'QSTAT',
        question_id: questionId,
        total_attempts: total,
        correct_attempts: correct,
      },
    }),
  );
}
