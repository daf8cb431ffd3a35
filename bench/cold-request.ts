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
import { LIMITS } from '#shared/domain/limits.js';
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
 * Each route group answers one representative GET, with the data it needs made beforehand, and must
 * answer with the status expected. The caller is a signed-in site admin (the caller every route
 * accepts), except for the lists a learner opens first (exams, files, studies: D507), which are asked
 * as a learner with the web client's query — an admin's whole-site list reads twice the index
 * partitions, and almost every cold container serves a learner first.
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
  /** The query string the web client sends with it. */
  query?: Record<string, string>;
  /** Who asks: the site admin unless a learner is the everyday caller of the route (D507). */
  caller?: 'learner';
  expectedStatus?: number;
}

/** The sessions the representative requests are sent with. */
export interface ColdRequestSessions {
  admin: string;
  learner: string;
}

/** Starts a local cloud and makes what each representative route reads: an admin, a learner, their studies, a short link. */
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
    const learner = await insertUser({
      username: `bench_learner${Date.now().toString(36)}`,
      email: 'bench-learner@example.com',
      first_name: 'Learner',
      passwordHash: await hashPassword('bench-password-1'),
    });
    const sessions = { admin: await createSession(admin.id), learner: await createSession(learner.id) };
    const adminPost = await poster(cloud.url, sessions.admin);
    const study = await adminPost<{ id: string }>('/api/studies/', {
      title_ko: '콜드 요청 스터디',
      title_en: 'Cold request study',
    });
    const link = await adminPost<{ short_code: string }>('/api/short-url/create/', { url: '/exam-management' });
    // The learner's own list is not empty: a study of theirs.
    const learnerPost = await poster(cloud.url, sessions.learner);
    await learnerPost('/api/studies/', { title_ko: '내 스터디', title_en: 'My study' });

    const requests = coldRequests({ studyId: study.id, shortCode: link.short_code }, sessions);
    // The functions answer as in AWS: no check of answers against their contracts.
    const env = { ...cloud.env, VALIDATE_RESPONSES: 'false', LOG_LEVEL: 'silent' };
    const floorRead = { table: cloud.env.EPHEMERAL_TABLE!, key: sessionEntity.key(sessionKey(sessions.admin)) };
    return { env, requests, floorRead, stop: () => cloud.stop() };
  } catch (error) {
    await cloud.stop();
    throw error;
  }
}

/** POSTs JSON as the holder of `sessionId` (with the CSRF pair), answering the parsed body. */
async function poster(url: string, sessionId: string) {
  const jar = await browserSession(url);
  jar.addCookie(`sessionid=${sessionId}`);
  return async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { ...jar.headers(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`cold request setup: POST ${path} answered ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** The data the representative routes read, made by `prepareColdRequests`. */
export interface ColdRequestData {
  studyId: string;
  shortCode: string;
}

/** One representative GET per route group; a group without one (or with another group's route) is an error. */
export function coldRequests(data: ColdRequestData, sessions: ColdRequestSessions): ColdRequest[] {
  const representatives: Record<string, Representative> = {
    system: { contract: system.getCsrfToken },
    auth: { contract: auth.authStatus },
    // The lists a learner opens first, as the web client asks for them (D507): their own exams (without
    // the web's `select`, so every field is answered), their own and the public files, their own studies.
    exams: {
      contract: exams.listExams,
      caller: 'learner',
      query: { page_size: String(LIMITS.examListPageSize), my_exams: 'true' },
    },
    files: { contract: files.listQuestionFiles, caller: 'learner' },
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
    studies: {
      contract: studies.listStudies,
      caller: 'learner',
      query: { page_size: String(studies.STUDY_PAGE_SIZE_MAX), my_studies: 'true' },
    },
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
      route: `${chosen.contract.method} ${path}${chosen.query ? `?${new URLSearchParams(chosen.query)}` : ''}`,
      expectedStatus: chosen.expectedStatus ?? 200,
      event: lambdaEvent(chosen, path, chosen.caller === 'learner' ? sessions.learner : sessions.admin),
    };
  });
}

/**
 * The payload 2.0 event API Gateway hands the group's function for this GET, with the session
 * cookie. (tests/support/http-event.ts builds the same for tests; bench code does not import tests.)
 */
function lambdaEvent(
  { contract, params, query }: Representative,
  path: string,
  sessionId: string,
): APIGatewayProxyEventV2 {
  const key = routeKey(contract);
  return {
    version: '2.0',
    routeKey: key,
    rawPath: path,
    rawQueryString: new URLSearchParams(query).toString(),
    ...(query && { queryStringParameters: query }),
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
