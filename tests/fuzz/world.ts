import { randomBytes, randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { createSession } from '../../functions/domains/users/session-store.js';
import { config } from '../../functions/runtime/config.js';
import { userEntity } from '../../functions/domains/users/entities/user.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { TestClient } from '../support/http-client.js';
import { uploadFiles, type UploadFile } from './upload-files.js';
import { KO_HEADER, multipartForm, questionRows, xlsxBytes } from '../support/sheets.js';

/**
 * The fuzzer's world: four callers and the owner's data they are aimed at. The owner's private
 * things carry one random marker (`fzsecret<hex>`) in their texts — question text, exam title,
 * answer, email — so an answer that holds it to anyone else is a leak; the private file's name and
 * the private ids are markers too.
 * Needs the local cloud's environment in `process.env` (the users are written in-process).
 */
export interface Actor {
  name: 'anonymous' | 'owner' | 'other' | 'admin';
  signedIn: boolean;
  /** The language of the caller's error details. */
  language: 'ko' | 'en';
  /** The owner and a site admin may read the owner's data; the others may not. */
  mayReadOwner: boolean;
  headers(method: string): Record<string, string>;
  /** The owner's ids this caller has sent so far: seeing them again is no leak. */
  sent: Set<string>;
  /** A fresh session (and CSRF token) after a fuzzed request logged the actor out. */
  renew(): Promise<void>;
  /** Puts `bytes` where the import preview reads them (upload-url, then its PUT): the upload id, or null if refused. */
  stage(fileName: string, bytes: Uint8Array): Promise<string | null>;
  /** Whether the caller has a question file of that name (check-existing); null if it could not ask. */
  hasFile(fileName: string): Promise<boolean | null>;
}

export interface World {
  apiUrl: string;
  actors: Actor[];
  /** The owner's ids: path parameters and body fields of the other callers aim at them. */
  ownerIds(): string[];
  /** Texts of the owner's private data no one else may receive. */
  privateMarkers(): string[];
  /** What the owner sees on every GET route (params filled with the owner's ids), stable parts only. */
  ownerView(): Promise<Map<string, string>>;
  /** A valid question sheet for multipart bodies. */
  sampleSheet: Uint8Array;
  /** Files of every format the importer reads, valid, broken and hostile (upload-files.ts). */
  uploadFiles: UploadFile[];
}

function actorOf(name: Actor['name'], client: TestClient, user: FixtureUser | null): Actor {
  return {
    name,
    signedIn: !!user,
    language: client.language,
    mayReadOwner: name === 'owner' || name === 'admin',
    sent: new Set(),
    headers(method) {
      const headers: Record<string, string> = { 'accept-language': client.language };
      const cookie = client.cookieHeader();
      if (cookie) headers.cookie = cookie;
      if (method !== 'GET' && method !== 'HEAD' && client.csrfToken) headers['x-csrftoken'] = client.csrfToken;
      return headers;
    },
    async renew() {
      if (!user) return;
      client.setCookie('sessionid', await createSession(user.id));
      await client.refreshCsrf();
    },
    async stage(fileName, bytes) {
      if (!user) return null;
      const res = await client.post('/api/question-files/upload-url/', { file_name: fileName, size: bytes.length });
      if (res.status !== 200) return null;
      const ticket = (await res.json()) as { upload_id: string; url: string };
      const put = await fetch(ticket.url, { method: 'PUT', body: bytes as Uint8Array<ArrayBuffer> });
      await put.arrayBuffer();
      return put.ok ? ticket.upload_id : null;
    },
    async hasFile(fileName) {
      if (!user) return null;
      const res = await client.get(`/api/question-files/check-existing/${encodeURIComponent(fileName)}/`);
      if (res.status !== 200) return null;
      return ((await res.json()) as { exists: boolean }).exists;
    },
  };
}

async function expectOk<T = Record<string, any>>(res: Response, what: string): Promise<T> {
  if (res.status >= 300) throw new Error(`fuzz world: ${what} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Fields that say whose an object is (creator, uploader, a result's user, a profile's id). */
const OWNER_FIELDS =
  /^(id|user_?id|owner(_id|_username)?|creator(_id|_username)?|created_by|uploaded_by|username|user)$/;

/**
 * The owner's part of an answer: objects whose owner field names the owner, or whose text holds
 * the private marker, are kept whole; elsewhere only the branches that lead to such objects. Lists
 * and counts that mix in other users' data (the public file list, the pool count, tags — even a tag
 * the other user named after the owner) change when others write, which is no change to the owner's.
 */
export function ownedPart(value: unknown, owner: { ids: string[]; marker: string }): unknown {
  const names = ([key, v]: [string, unknown]) =>
    typeof v === 'string' && (v.includes(owner.marker) || (OWNER_FIELDS.test(key) && owner.ids.includes(v)));
  if (Array.isArray(value)) {
    const kept = value.map((v) => ownedPart(v, owner)).filter((v) => v !== undefined);
    return kept.length ? kept : undefined;
  }
  if (typeof value === 'object' && value !== null) {
    if (Object.entries(value).some(names)) return value;
    const kept = Object.entries(value).flatMap(([k, v]) => {
      const part = ownedPart(v, owner);
      return part === undefined ? [] : [[k, part] as const];
    });
    return kept.length ? Object.fromEntries(kept) : undefined;
  }
  return typeof value === 'string' && value.includes(owner.marker) ? value : undefined;
}

export async function buildWorld(apiUrl: string): Promise<World> {
  const marker = `fzsecret${randomBytes(6).toString('hex')}`;
  const [owner, other, admin] = await Promise.all([
    fixtureUser(apiUrl, { language: 'en' }),
    fixtureUser(apiUrl, { language: 'ko' }),
    fixtureUser(apiUrl, { role: 'admin_role', language: 'en' }),
  ]);
  const email = `${marker}@example.com`;
  await dynamoDocument().send(
    new UpdateCommand({
      TableName: config.appTable,
      Key: userEntity.key(owner.id),
      UpdateExpression: 'SET email = :e',
      ExpressionAttributeValues: { ':e': email },
    }),
  );

  const sampleSheet = new Uint8Array(xlsxBytes([KO_HEADER, ...questionRows(4, 'fuzz')]));
  const upload = async (name: string, isPublic: boolean, prefix: string) =>
    (
      await expectOk(
        await owner.client.request('POST', '/api/upload-questions/', {
          body: multipartForm(
            { is_public: String(isPublic) },
            { name, bytes: xlsxBytes([KO_HEADER, ...questionRows(6, prefix)]) },
          ),
        }),
        'upload',
      )
    ).file as { id: string; name: string };
  // The file's name is aimed at by name (it is in the id pool), so it must not carry the marker:
  // a caller that sent a marker may see it again (a tag it named so), and would then be blind to it.
  const privateFile = await upload(`fuzz-private-${randomBytes(4).toString('hex')}.xlsx`, false, marker);
  const publicFile = await upload(`fuzz-public-${randomBytes(4).toString('hex')}.xlsx`, true, 'fuzz public');
  const createExam = async (body: Record<string, unknown>) =>
    (await expectOk(await owner.client.post('/api/create-exam/', body), 'create-exam')).id as string;
  const privateExam = await createExam({
    title: `${marker} exam`,
    file_name: privateFile.name,
    question_count: 4,
    is_public: false,
  });
  const publicExam = await createExam({
    title: `fuzz public exam ${randomBytes(4).toString('hex')}`,
    file_name: publicFile.name,
    question_count: 4,
    is_public: true,
  });
  const questions = await expectOk<{ id: string }[]>(
    await owner.client.get(`/api/exam/${privateExam}/questions/`),
    'questions',
  );
  const submitted = await expectOk(
    await owner.client.post('/api/submit-exam/', {
      exam_id: privateExam,
      elapsed_seconds: 30,
      submission_id: randomUUID(),
      answers: questions.map((q, i) => ({
        question_id: q.id,
        answer: i === 0 ? `${marker} answer` : 'x',
        elapsed_seconds: 3,
      })),
    }),
    'submit-exam',
  );
  const resultId = submitted.result_id as string;
  await expectOk(
    await owner.client.post('/api/add-question-to-favorite/', { question_id: questions[0]!.id, exam_id: privateExam }),
    'favorite',
  );
  await expectOk(await owner.client.post(`/api/question/${questions[1]!.id}/ignore/`, {}), 'ignore');

  const privateIds = [privateFile.id, privateExam, resultId, ...questions.map((q) => q.id)];
  const ids = [owner.id, owner.username, publicFile.id, publicExam, privateFile.name, ...privateIds];
  const idsByParam: Record<string, string[]> = {
    examId: [privateExam, publicExam],
    id: [resultId, questions[0]!.id, owner.id],
    name: [privateFile.id, publicFile.id],
    fileId: [privateFile.id, publicFile.id],
  };

  const ownerRefs = { ids: [owner.id, owner.username], marker };
  const anonymous = await TestClient.create(apiUrl, 'ko');
  const actors = [
    actorOf('anonymous', anonymous, null),
    actorOf('other', other.client, other),
    actorOf('owner', owner.client, owner),
    actorOf('admin', admin.client, admin),
  ];
  const ownerActor = actors[2]!;

  async function viewOnce(): Promise<Map<string, string>> {
    const view = new Map<string, string>();
    for (const route of ROUTE_GROUPS.flatMap((g) => g.routes)) {
      if (route.method !== 'GET') continue;
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      if (names.some((n) => !idsByParam[n])) continue;
      let paths = [route.path];
      for (const n of names)
        paths = paths.flatMap((p) => idsByParam[n]!.map((id) => p.replace(`{${n}}`, encodeURIComponent(id))));
      for (const path of paths) {
        const res = await fetch(apiUrl + path, { headers: ownerActor.headers('GET'), redirect: 'manual' });
        const body = res.headers.get('content-type')?.includes('json')
          ? JSON.stringify(ownedPart(await res.json(), ownerRefs))
          : (await res.arrayBuffer()).byteLength;
        view.set(path, `${res.status} ${body}`);
      }
    }
    return view;
  }

  return {
    apiUrl,
    actors,
    sampleSheet,
    uploadFiles: await uploadFiles(),
    ownerIds: () => ids,
    privateMarkers: () => [marker, privateFile.name, ...privateIds],
    async ownerView() {
      // Taken twice: what changes between two reads on its own (tokens, clocks) is not compared.
      const [first, second] = [await viewOnce(), await viewOnce()];
      return new Map([...first].filter(([path, answer]) => second.get(path) === answer));
    },
  };
}
