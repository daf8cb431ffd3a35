import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { buildPath, routeKey, type RouteContract } from '#shared/contracts/define-route.js';
import * as files from '#shared/contracts/files.js';
import * as images from '#shared/contracts/images.js';
import * as exams from '#shared/contracts/exams.js';
import * as exportsContracts from '#shared/contracts/exports.js';
import * as auth from '#shared/contracts/auth.js';
import * as links from '#shared/contracts/links.js';
import * as memoryFit from '#shared/contracts/memory-fit.js';
import * as profile from '#shared/contracts/profile.js';
import * as questions from '#shared/contracts/questions.js';
import * as results from '#shared/contracts/results.js';
import * as studies from '#shared/contracts/studies.js';
import * as studyMembers from '#shared/contracts/study-members.js';
import * as studyProgress from '#shared/contracts/study-progress.js';
import * as system from '#shared/contracts/system.js';
import * as tags from '#shared/contracts/tags.js';
import * as users from '#shared/contracts/users.js';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';
import {
  hashPassword,
  insertUser,
  createSession,
  migrateUserListShards,
  sessionKey,
  sessionEntity,
} from '../functions/domains/users/index.js';
import { migrateTagListShards } from '../functions/domains/tags/index.js';
import { migrateFileListShards } from '../functions/domains/files/index.js';
import { startLocalCloud } from '../local/cloud.js';
import { freePort } from '../local/engines.js';
import { ROOT_DIR } from '../infra/bundling.js';
import { browserSession } from './api-session.js';

/**
 * The whole cold request (D109): a Lambda's init plus its first answer, in one fresh process, against
 * DynamoDB Local. The init alone (cold-start.ts) cannot tell a group that reads less code from one
 * that reads the same code later: code moved from the init into a route's first request lowers the
 * init and not the request. This measure sees both.
 *
 * Each route group answers one representative GET as a signed-in site admin (the caller every
 * route accepts), with the data it needs made beforehand, and must answer with the status expected.
 * The floor is the same process doing the least a signed-in request can do: import the DynamoDB
 * document client and read the caller's session item.
 */
export interface ColdRequest {
  group: string;
  /** `METHOD path` of the representative route. */
  route: string;
  expectedStatus: number;
  event: APIGatewayProxyEventV2;
}

export interface ColdRequestWorld {
  /** The environment a function of the local cloud runs with (tables, endpoints, credentials). */
  env: Record<string, string>;
  requests: ColdRequest[];
  /** What the floor reads: the caller's session item. */
  floorRead: { table: string; key: Record<string, string> };
  stop(): Promise<void>;
}

interface Representative {
  contract: RouteContract;
  params?: Record<string, string>;
  expectedStatus?: number;
}

/** Starts a local cloud and makes what each representative route reads: an admin, a study, a short link. */
export async function prepareColdRequests(): Promise<ColdRequestWorld> {
  const cloud = await startLocalCloud({
    rootDir: ROOT_DIR,
    port: await freePort(),
    dataDir: null,
    web: 'none',
    scheduler: false,
  });
  try {
    // A deployed stage's index-shards job has found the legacy list partitions empty and marked them
    // (D190): the lists read their shards and the marker, not one legacy stream more. The bench
    // measures that steady state, not a stage waiting for its first job run.
    for (const migrate of [migrateUserListShards, migrateTagListShards, migrateFileListShards]) {
      if (!(await migrate(Infinity)).done) throw new Error('cold request setup: an index migration did not finish');
    }
    const admin = await insertUser({
      username: `bench_client${Date.now().toString(36)}`,
      email: 'bench-admin@example.com',
      first_name: 'Bench',
      passwordHash: await hashPassword('bench-password-1'),
      role: 'admin_role',
    });
    const sessionId = await createSession(admin.id);
    const jar = await browserSession(cloud.url);
    jar.addCookie(`sessionid=${sessionId}`);
    const made = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await fetch(`${cloud.url}${path}`, {
        method: 'POST',
        headers: { ...jar.headers(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`cold request setup: POST ${path} answered ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const study = await made<{ id: string }>('/api/studies/', {
      title_ko: '콜드 요청 스터디',
      title_en: 'Cold request study',
    });
    const link = await made<{ short_code: string }>('/api/short-url/create/', { url: '/exam-management' });

    const requests = coldRequests({ studyId: study.id, shortCode: link.short_code }, sessionId);
    // The functions answer as in AWS: no check of answers against their contracts.
    const env = { ...cloud.env, VALIDATE_RESPONSES: 'false', LOG_LEVEL: 'silent' };
    const floorRead = { table: cloud.env.EPHEMERAL_TABLE!, key: sessionEntity.key(sessionKey(sessionId)) };
    return { env, requests, floorRead, stop: () => cloud.stop() };
  } catch (error) {
    await cloud.stop();
    throw error;
  }
}

/** The data the representative routes read, made by `prepareColdRequests`. */
export interface ColdRequestData {
  studyId: string;
  shortCode: string;
}

/** One representative GET per route group; a group without one (or with another group's route) is an error. */
export function coldRequests(data: ColdRequestData, sessionId: string): ColdRequest[] {
  const representatives: Record<string, Representative> = {
    system: { contract: system.getCsrfToken },
    auth: { contract: auth.authStatus },
    exams: { contract: exams.listExams },
    files: { contract: files.listQuestionFiles },
    'files-sheets': { contract: files.downloadSampleFile, params: { lang: 'en' } },
    'memory-fit': { contract: memoryFit.getMemoryFit },
    links: { contract: links.followShortLink, params: { shortCode: data.shortCode }, expectedStatus: 302 },
    profile: { contract: profile.getProfile },
    // The export is built only by a POST (D349): a job that does not exist is read (GetItem) and answers 404.
    'profile-export': {
      contract: exportsContracts.getExportJob,
      params: { id: 'aaaaaaaaaaaaaaaaaaaa' },
      expectedStatus: 404,
    },
    questions: { contract: questions.favoriteExamQuestions },
    results: { contract: results.listExamResults },
    studies: { contract: studies.listStudies },
    'studies-sheets': { contract: studies.downloadStudyTasksSheet, params: { id: data.studyId } },
    'study-members': { contract: studyMembers.listStudyMembers, params: { id: data.studyId } },
    'study-progress': { contract: studyProgress.studyProgressHistory, params: { studyId: data.studyId } },
    tags: { contract: tags.listTags },
    users: { contract: users.listUsers },
    'users-sheets': { contract: users.downloadUsersSheet },
    // An image of an exam that does not exist: the read rule runs (GetItem EXAM) and answers 404.
    images: {
      contract: images.readQuestionImage,
      params: { examId: 'aaaaaaaaaaaaaaaaaaaa', imageId: 'bbbbbbbbbbbbbbbbbbbb' },
      expectedStatus: 404,
    },
  };
  return ROUTE_GROUPS.map((group): ColdRequest => {
    const chosen = representatives[group.name];
    if (!chosen) throw new Error(`cold request: no representative route for the group ${group.name}`);
    if (!group.routes.includes(chosen.contract))
      throw new Error(`cold request: ${routeKey(chosen.contract)} is not a route of ${group.name}`);
    const path = buildPath(chosen.contract.path, chosen.params);
    return {
      group: group.name,
      route: `${chosen.contract.method} ${path}`,
      expectedStatus: chosen.expectedStatus ?? 200,
      event: lambdaEvent(chosen.contract, path, chosen.params, sessionId),
    };
  });
}

/**
 * The payload 2.0 event API Gateway hands the group's function for this GET, with the session
 * cookie. (tests/support/http-event.ts builds the same for tests; bench code does not import tests.)
 */
function lambdaEvent(
  contract: RouteContract,
  path: string,
  params: Record<string, string> | undefined,
  sessionId: string,
): APIGatewayProxyEventV2 {
  const key = routeKey(contract);
  return {
    version: '2.0',
    routeKey: key,
    rawPath: path,
    rawQueryString: '',
    cookies: [`sessionid=${sessionId}`],
    headers: {
      host: 'localhost',
      'accept-language': 'en',
      'user-agent': 'bench',
      'x-viewer-ip': '127.0.0.1',
      'x-viewer-host': 'localhost',
    },
    pathParameters: params,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'bench',
      apiId: 'bench',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: contract.method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId: 'bench',
      routeKey: key,
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
  };
}
