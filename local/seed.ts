import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createExam } from '../functions/domains/exams/index.js';
import { importQuestionSheet, SAMPLE_QUESTIONS, questionsWorkbook } from '../functions/domains/files/sheets.js';
import { dynamoDocument } from '../functions/runtime/aws/clients.js';
import { config } from '../functions/runtime/config.js';
import { seedMarkerEntity } from '../functions/runtime/data/seed-marker.js';
import { userEntity, usernameClaimEntity } from '../functions/domains/users/index.js';
import type { SignedInContext } from '../functions/runtime/http/types.js';
import { createLogger } from '../functions/runtime/log.js';
import { createOrFindTag } from '../functions/domains/tags/index.js';
import type { Language } from '#shared/domain/language.js';

/**
 * The local demo: a Korean and an English question bank written for this project,
 * a public exam from each, and a few tags, owned by a `quizbank` author account that cannot
 * sign in (it has no password). Runs in the process of the local cloud (its env must be set);
 * `scripts/start.ts` calls it on an empty data directory. A marker item makes a second run a
 * no-op. Never part of a deployed stack.
 */
const MARKER = seedMarkerEntity.key('demo');
export const DEMO_AUTHOR = { id: 'demo-author', username: 'quizbank' };

export async function seedDemo(print: (line: string) => void = () => undefined): Promise<boolean> {
  const db = dynamoDocument();
  const { Item } = await db.send(new GetCommand({ TableName: config.appTable, Key: MARKER }));
  if (Item) return false;

  const now = new Date().toISOString();
  await putDemoAuthor(now);

  const tagIds: string[] = [];
  for (const [ko, en] of [
    ['DevOps', 'DevOps'],
    ['쿠버네티스', 'Kubernetes'],
    ['CI/CD', 'CI/CD'],
  ] as const) {
    tagIds.push((await createOrFindTag(ko, en, DEMO_AUTHOR.id)).tag.id);
  }

  const log = createLogger({ seed: 'demo' });
  const banks: { language: Language; file: string; exam: string; description: string }[] = [
    {
      language: 'ko',
      file: '데브옵스-쿠버네티스-기초.xlsx',
      exam: '쿠버네티스 기초',
      description: '컨테이너, 쿠버네티스, CI/CD 기초 문제 10개',
    },
    {
      language: 'en',
      file: 'devops-kubernetes-basics.xlsx',
      exam: 'Kubernetes Basics',
      description: 'Ten questions on containers, Kubernetes and CI/CD',
    },
  ];
  for (const bank of banks) {
    const { file } = await importQuestionSheet({
      bytes: questionsWorkbook(SAMPLE_QUESTIONS[bank.language], bank.language),
      fileName: bank.file,
      isPublic: true,
      owner: DEMO_AUTHOR,
      language: bank.language,
      log,
    });
    await createExam(
      {
        params: {},
        query: {},
        body: {
          title: bank.exam,
          description: bank.description,
          file_id: file.id,
          question_count: file.max_questions,
          is_public: true,
          tags: tagIds,
        },
      },
      authorContext(bank.language),
    );
    print(`seeded ${bank.file} and the public exam "${bank.exam}"`);
  }
  await db.send(new PutCommand({ TableName: config.appTable, Item: seedMarkerEntity.item('demo', now) }));
  return true;
}

/** The demo author: a user without a password (it cannot sign in) and its username claim. */
async function putDemoAuthor(now: string): Promise<void> {
  const db = dynamoDocument();
  await db.send(
    new PutCommand({
      TableName: config.appTable,
      Item: {
        ...userEntity.key(DEMO_AUTHOR.id),
        type: 'USER',
        id: DEMO_AUTHOR.id,
        username: DEMO_AUTHOR.username,
        first_name: 'Quizbank',
        role: 'user_role',
        language: 'ko',
        email: '',
        date_joined: now,
      },
    }),
  );
  await db
    .send(
      new PutCommand({
        TableName: config.appTable,
        Item: { ...usernameClaimEntity.key(DEMO_AUTHOR.username), type: 'USERNAME', userId: DEMO_AUTHOR.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    )
    .catch(() => undefined);
}

function authorContext(language: Language): SignedInContext {
  return {
    requestId: 'seed',
    language,
    cookies: {},
    caller: {
      sessionKey: 'seed',
      user: { ...DEMO_AUTHOR, role: 'user_role', is_superuser: false, is_staff: false, language },
    },
    sourceIp: '127.0.0.1',
    userAgent: 'seed',
    log: createLogger({ seed: 'demo' }),
  };
}
