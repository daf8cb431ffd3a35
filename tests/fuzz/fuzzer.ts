import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { routeKey, type RouteContract } from '#shared/contracts/define-route.js';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';
import {
  HOSTILE_BODIES,
  HOSTILE_PATH_SEGMENTS,
  HOSTILE_QUERIES,
  HOSTILE_STRINGS,
  HOSTILE_VALUES,
} from './hostile-values.js';
import { allErrorMessages } from '#shared/i18n/catalogue.js';
import type { UploadFile } from './upload-files.js';
import { arbitraryOf, objectKeysOf } from './zod-arbitrary.js';
import type { Actor, World } from './world.js';

/**
 * The route fuzzer: every route of `shared/routes-manifest.ts` (new routes are picked
 * up by themselves), requests derived from each contract's zod schemas and mixed with the fixed
 * hostile values, sent as anonymous / owner / other user / site admin. It records a finding for
 * every 5xx, every 4xx without `code` and `detail`, every answer to the anonymous visitor or the
 * other user that carries the owner's private data, every request that hangs, and every change in
 * what the owner sees after the other user and the visitor have had their turn.
 */

export interface FuzzOptions {
  /** Requests of the fuzzing phases (owner snapshots and session renewals on top); a staged upload counts four. */
  requests: number;
  seed: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Per-request limit; a request still unanswered then is a finding (a hang). */
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface Finding {
  kind: 'server_error' | 'no_code' | 'wrong_language' | 'leak' | 'hang' | 'owner_data_changed' | 'half_written';
  actor: string;
  route: string;
  request: string;
  status?: number;
  detail: string;
}

export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
  routes: number;
  findings: Finding[];
  /** Per staged route and upload file (`POST /api/question-files/preview csv`): the statuses it was answered with. */
  uploads: Record<string, number[]>;
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

interface Answer {
  status: number;
  text: string;
  contentType: string;
  retryAfter?: string;
}

/** The routes that read a staged upload (upload-url, then its PUT): their bodies name a file of upload-files.ts. */
const STAGED_ROUTES = new Set(['POST /api/question-files/preview', 'POST /api/question-files/import']);

/** A file to stage before the request is sent; its upload id goes into the body's `upload_id`. */
interface Staging {
  file: UploadFile;
  /** Our own unique name with the file's extension, or null to keep the generated `file_name`. */
  name: string | null;
  /** Staged by the owner and sent by this caller: someone else's pending upload. */
  asOwner: boolean;
}

let stagedNames = 0;
const stagedName = (file: UploadFile) =>
  `fz-${file.label.replace(/[^a-z0-9]+/gi, '-')}-${++stagedNames}-${Math.random().toString(36).slice(2, 8)}.${file.ext}`;

/** Routes whose success ends the caller's session or account: fuzzed last in each phase. */
const SESSION_ENDING = new Set(['POST /api/logout', 'DELETE /api/delete-my-account']);

export const manifestRoutes = (): RouteContract[] => ROUTE_GROUPS.flatMap((g) => g.routes);

/** Fills `{name}` with raw, already encoded segments (hostile ones stay broken on purpose). */
const fillPath = (path: string, segments: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => segments[name] ?? 'x');

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its raw UTF-8 bytes would be: broken. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      parts.push(
        `${encodeSegment(key)}=${encodeSegment(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))}`,
      );
    }
  }
  return parts.join('&');
}

function jsonOf(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v));
}

/** A generated request before it is sent: a form is serialised, a staged file uploaded and named in `json`. */
interface GeneratedRequest extends Omit<FuzzRequest, 'headers'> {
  contentType?: string;
  form?: FormData;
  json?: Record<string, unknown>;
  stage?: Staging;
}

/** The request shapes of one route, as fast-check arbitraries over the contract and the hostile lists. */
function requestArbitrary(route: RouteContract, world: World): fc.Arbitrary<GeneratedRequest> {
  const paramNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const ownerIds = world.ownerIds();
  const idArbitrary = fc.constantFrom(...ownerIds);

  const segment = fc.oneof(
    { weight: 4, arbitrary: idArbitrary.map(encodeSegment) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_PATH_SEGMENTS) },
    { weight: 3, arbitrary: arbitraryOf(route.params).map(() => '') },
  );
  const generatedParams = arbitraryOf(route.params) as fc.Arbitrary<Record<string, unknown>>;
  const params = fc
    .tuple(generatedParams, fc.array(segment, { minLength: paramNames.length, maxLength: paramNames.length }))
    .map(([generated, chosen]) =>
      Object.fromEntries(
        paramNames.map((name, i) => [name, chosen[i] || encodeSegment(String(generated[name] ?? 'x'))]),
      ),
    );

  /** A generated object with one field replaced by an owner's id, a hostile value or removed. */
  const mutated = (schema: RouteContract['body']) => {
    const keys = objectKeysOf(schema);
    const base = arbitraryOf(schema) as fc.Arbitrary<unknown>;
    if (keys.length === 0) return base;
    return fc
      .tuple(
        base,
        fc.constantFrom(...keys),
        fc.oneof(
          idArbitrary.map((id) => ({ set: id })),
          fc.constantFrom(...HOSTILE_VALUES).map((v) => ({ set: v })),
          fc.constant({ drop: true }),
        ),
      )
      .map(([value, key, change]) => {
        const object =
          typeof value === 'object' && value !== null && !Array.isArray(value)
            ? { ...(value as Record<string, unknown>) }
            : {};
        if ('drop' in change) delete object[key];
        else object[key] = /ids$/.test(key) ? [change.set] : change.set;
        return object;
      });
  };

  const query = fc.oneof(
    { weight: 4, arbitrary: arbitraryOf(route.query).map((q) => queryString(q as Record<string, unknown>)) },
    { weight: 3, arbitrary: mutated(route.query).map((q) => queryString(q as Record<string, unknown>)) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_QUERIES) },
  );

  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const jsonBody = fc.oneof(
    {
      weight: 4,
      arbitrary: arbitraryOf(route.body).map((b) => ({ contentType: 'application/json', body: jsonOf(b) })),
    },
    { weight: 4, arbitrary: mutated(route.body).map((b) => ({ contentType: 'application/json', body: jsonOf(b) })) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_BODIES).map(([contentType, body]) => ({ contentType, body })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...HOSTILE_VALUES).map((v) => ({ contentType: 'application/json', body: jsonOf(v) })),
    },
  );
  const multipartBody = fc
    .tuple(
      mutated(route.body),
      fc.oneof(
        fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 20_000)),
        fc.string({ maxLength: 30, unit: 'binary' }),
      ),
      fc.oneof(
        fc
          .constantFrom(world.sampleSheet, new Uint8Array([0x50, 0x4b, 3, 4]), new Uint8Array(0))
          .map((bytes) => ({ bytes, ext: 'xlsx' })),
        fc.constantFrom(...world.uploadFiles),
      ),
      fc.boolean(),
    )
    .map(([fields, fileName, { bytes, ext }, twoFiles]) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields as Record<string, unknown>)) {
        if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') form.append(k, String(v));
      }
      const name = `${fileName.replace(/[\uD800-\uDFFF]/g, '?')}.${ext}`;
      form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
      if (twoFiles) form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
      return form;
    });
  const stagedBody = fc
    .tuple(
      mutated(route.body),
      fc.constantFrom(...world.uploadFiles),
      fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    )
    .map(([fields, file, ownName, asOwner]) => ({
      contentType: 'application/json',
      json: fields as Record<string, unknown>,
      stage: { file, name: ownName ? stagedName(file) : null, asOwner } satisfies Staging,
    }));
  const body: fc.Arbitrary<{
    contentType?: string;
    body?: string | Uint8Array | FormData;
    json?: Record<string, unknown>;
    stage?: Staging;
  }> = !hasBody
    ? fc.oneof({ weight: 5, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: jsonBody })
    : route.bodyKind === 'multipart'
      ? fc.oneof(
          { weight: 3, arbitrary: multipartBody.map((form) => ({ body: form })) },
          { weight: 1, arbitrary: jsonBody },
        )
      : STAGED_ROUTES.has(routeKey(route))
        ? fc.oneof({ weight: 1, arbitrary: stagedBody }, { weight: 1, arbitrary: jsonBody })
        : jsonBody;

  return fc.record({ params, query, body }).map(({ params: segments, query: q, body: b }) => ({
    method: route.method,
    path: fillPath(route.path, segments) + (q ? `?${q}` : ''),
    contentType: b.contentType,
    body: b.body as string | Uint8Array | undefined,
    form: b.body instanceof FormData ? b.body : undefined,
    json: b.json,
    stage: b.stage,
  }));
}

/**
 * The staged cases of one phase (0 or 1): over both phases every file of upload-files.ts goes once
 * to the preview and once to the import, whatever the random cases drew, with a generated body
 * (mapping, reading) around it; in one phase the other user sends it, in the other the owner or admin.
 */
function sweepCases(world: World, actors: Actor[], phase: number, seed: number): SweepCase[] {
  const signedIn = actors.filter((a) => a.signedIn);
  if (!signedIn.length) return [];
  const routes = manifestRoutes().filter((r) => STAGED_ROUTES.has(routeKey(r)));
  return routes.flatMap((route, r) => {
    const bodies = fc.sample(arbitraryOf(route.body), { numRuns: world.uploadFiles.length, seed: seed + r });
    return world.uploadFiles.flatMap((file, i): SweepCase[] => {
      if ((i + r) % 2 !== phase) return [];
      const actor = signedIn[Math.floor(i / 2) % signedIn.length]!;
      const generated = (asOwner: boolean): GeneratedRequest => ({
        method: route.method,
        path: route.path,
        contentType: 'application/json',
        json: bodies[i] as Record<string, unknown>,
        stage: { file, name: stagedName(file), asOwner },
      });
      // The other user, every fifth file, also aims at the owner's pending upload: it must stay the owner's.
      const aimed = !actor.mayReadOwner && i % 5 === 0 ? [{ actor, route, generated: generated(true) }] : [];
      return [{ actor, route, generated: generated(false) }, ...aimed];
    });
  });
}

interface SweepCase {
  actor: Actor;
  route: RouteContract;
  generated: GeneratedRequest;
}

/** Sends exactly these bytes (node:http sends what fetch would normalise or refuse: raw '%', huge lines). */
export async function send(baseUrl: string, request: FuzzRequest, timeoutMs: number): Promise<Answer | 'hang'> {
  const target = new URL(baseUrl);
  const bytes =
    request.body === undefined
      ? undefined
      : typeof request.body === 'string'
        ? Buffer.from(request.body)
        : Buffer.from(request.body);
  const headers = { ...request.headers, ...(bytes ? { 'content-length': String(bytes.length) } : {}) };
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: request.path,
        method: request.method,
        headers,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            contentType: String(res.headers['content-type'] ?? ''),
            retryAfter: res.headers['retry-after'],
          }),
        );
        res.on('error', () => resolve({ status: res.statusCode ?? 0, text: '', contentType: '' }));
      },
    );
    req.on('timeout', () => {
      req.destroy();
      resolve('hang');
    });
    // The server may answer (413, 431) and close before it has read the whole body.
    req.on('error', (error) => resolve({ status: 0, text: String(error), contentType: '' }));
    req.end(bytes);
  });
}

/** A FormData serialised by fetch's own Request, with its boundary. */
async function formBytes(form: FormData): Promise<{ contentType: string; body: Uint8Array }> {
  const prepared = new Request('http://x/', { method: 'POST', body: form });
  return { contentType: prepared.headers.get('content-type')!, body: new Uint8Array(await prepared.arrayBuffer()) };
}

function describe(request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? ''
      : typeof request.body === 'string'
        ? request.body
        : `<${request.body.byteLength} bytes>`;
  const shorten = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}…(${s.length})` : s);
  return `${request.method} ${shorten(request.path)} ${request.headers['content-type'] ?? ''} ${shorten(body)}`.trim();
}

const DETAIL_PATTERNS = new Map<string, RegExp>();

/**
 * Whether `detail` is the catalogue's text of `code` in one of `languages`, its `{params}` filled
 * with anything. A signed-in caller's saved language wins over its header, and the fuzzer changes
 * it (change-language, the profile): for them any catalogue language is accepted.
 */
function inLanguage(code: string, detail: string, languages: ('ko' | 'en')[]): boolean {
  return languages.some((language) => inOneLanguage(code, detail, language));
}

function inOneLanguage(code: string, detail: string, language: 'ko' | 'en'): boolean {
  const key = `${language} ${code}`;
  if (!DETAIL_PATTERNS.has(key)) {
    const template = allErrorMessages(language)[code];
    if (template === undefined) return false;
    const pattern = template
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[\\s\\S]*');
    DETAIL_PATTERNS.set(key, new RegExp(`^${pattern}$`));
  }
  return DETAIL_PATTERNS.get(key)!.test(detail);
}

/**
 * A slow or throttled engine's answer: 503 `service_unavailable` saying when to retry. On a loaded
 * machine it is the right answer (not a finding); any other 5xx, or none, is.
 */
function isBusy(answer: Answer): boolean {
  if (answer.status !== 503 || !answer.retryAfter || !/^\d+$/.test(answer.retryAfter)) return false;
  try {
    return (JSON.parse(answer.text) as { code?: unknown }).code === 'service_unavailable';
  } catch {
    return false;
  }
}

/** The checks on one answer. */
function check(
  actor: Actor,
  route: string,
  answersPage: boolean,
  request: FuzzRequest,
  answer: Answer | 'hang',
  world: World,
  findings: Finding[],
): void {
  const described = describe(request);
  if (answer === 'hang') {
    findings.push({ kind: 'hang', actor: actor.name, route, request: described, detail: 'no answer in time' });
    return;
  }
  if (isBusy(answer)) return;
  if (answer.status >= 500 || answer.status === 0) {
    findings.push({
      kind: 'server_error',
      actor: actor.name,
      route,
      request: described,
      status: answer.status,
      detail: answer.text.slice(0, 300),
    });
  } else if (answer.status >= 400 && !(answersPage && answer.contentType.startsWith('text/html'))) {
    // A route that answers pages for people (the short-link redirect, the mail's unsubscribe link)
    // refuses with a page, not a JSON answer.
    let body: { code?: unknown; detail?: unknown } = {};
    try {
      body = JSON.parse(answer.text) as typeof body;
    } catch {
      /* not JSON: reported below */
    }
    if (typeof body.code !== 'string' || typeof body.detail !== 'string') {
      findings.push({
        kind: 'no_code',
        actor: actor.name,
        route,
        request: described,
        status: answer.status,
        detail: answer.text.slice(0, 300),
      });
    } else if (!inLanguage(body.code, body.detail, actor.signedIn ? ['ko', 'en'] : [actor.language])) {
      findings.push({
        kind: 'wrong_language',
        actor: actor.name,
        route,
        request: described,
        status: answer.status,
        detail: `${actor.language} caller: ${answer.text.slice(0, 300)}`,
      });
    }
  }
  if (!actor.mayReadOwner) {
    const requestText = `${request.path} ${typeof request.body === 'string' ? request.body : ''}`;
    let decoded = requestText;
    try {
      decoded = decodeURIComponent(requestText);
    } catch {
      /* hostile encodings stay as sent */
    }
    for (const marker of world.privateMarkers()) {
      if (requestText.includes(marker) || decoded.includes(marker)) actor.sent.add(marker);
      // What a caller sent (an id aimed at the owner) it may see again, e.g. as a tag it named so.
      if (answer.text.includes(marker) && !actor.sent.has(marker)) {
        findings.push({
          kind: 'leak',
          actor: actor.name,
          route,
          request: described,
          status: answer.status,
          detail: `answer holds the owner's private "${marker}"`,
        });
      }
    }
  }
}

/** Runs `batches` with at most `concurrency` at once. */
async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export async function fuzz(world: World, options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => {});
  // Longer than the gateway waits (29 s): a request still unanswered then was never answered.
  const timeoutMs = options.timeoutMs ?? 35_000;
  const concurrency = options.concurrency ?? 4;
  const routes = manifestRoutes();
  const findings: Finding[] = [];
  const byStatus: Record<string, number> = {};
  const uploads: Record<string, number[]> = {};
  let sent = 0;

  const owner = world.actors.find((a) => a.name === 'owner')!;
  const phaseActors = [world.actors.filter((a) => !a.mayReadOwner), world.actors.filter((a) => a.mayReadOwner)];
  const sweeps = phaseActors.map((actors, p) => sweepCases(world, actors, p, options.seed + p * 500_000 + 900));
  // A staged case costs about four requests (upload-url, its PUT, the request, check-existing): the
  // sweeps come out of the budget, so a run takes about as long as it did before the uploads.
  const batchCount = routes.length * world.actors.length;
  const budget = Math.max(batchCount, options.requests - 4 * (sweeps[0]!.length + sweeps[1]!.length));
  const perBatch = (index: number) => Math.floor(budget / batchCount) + (index < budget % batchCount ? 1 : 0);

  /** The body of a staged case: the file uploaded (by the caller, or by the owner) and named in it. */
  async function stagedBody(actor: Actor, stage: Staging, json: Record<string, unknown> | undefined) {
    const fields = { ...(json ?? {}) };
    if (stage.name) fields.file_name = stage.name;
    const name = typeof fields.file_name === 'string' ? fields.file_name : stagedName(stage.file);
    const uploadId = await (stage.asOwner ? owner : actor).stage(name, stage.file.bytes);
    if (uploadId) fields.upload_id = uploadId;
    return { body: jsonOf(fields), staged: uploadId !== null };
  }

  /** Sends one case and checks its answer; true when the caller's session needs renewing. */
  async function runCase(actor: Actor, route: RouteContract, generated: GeneratedRequest): Promise<boolean> {
    const key = routeKey(route);
    const { form, contentType, stage, json, ...rest } = generated;
    const staged = stage ? await stagedBody(actor, stage, json) : null;
    const encoded = form ? await formBytes(form) : { contentType, body: staged ? staged.body : rest.body };
    const request: FuzzRequest = {
      method: rest.method,
      path: rest.path,
      body: encoded.body,
      headers: {
        ...actor.headers(rest.method),
        ...(encoded.contentType ? { 'content-type': encoded.contentType } : {}),
      },
    };
    const answer = await send(world.apiUrl, request, timeoutMs);
    sent++;
    const status = answer === 'hang' ? 'hang' : String(answer.status);
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    check(actor, key, route.answersPage, request, answer, world, findings);
    if (answer !== 'hang' && stage && staged?.staged) {
      if (!stage.asOwner) (uploads[`${key} ${stage.file.label}`] ??= []).push(answer.status);
      await checkStaged(actor, key, request, answer, stage);
    }
    return answer !== 'hang' && actor.signedIn && (answer.status === 401 || answer.text.includes('"csrf_failed"'));
  }

  /**
   * Nothing half-written: after a preview, or an import that was refused, no file of the staged
   * name exists; after an import that succeeded, it does. No one reads the owner's pending upload.
   */
  async function checkStaged(actor: Actor, key: string, request: FuzzRequest, answer: Answer, stage: Staging) {
    const finding = (kind: Finding['kind'], detail: string) =>
      findings.push({ kind, actor: actor.name, route: key, request: describe(request), status: answer.status, detail });
    if (stage.asOwner && !actor.mayReadOwner && answer.status < 300) {
      finding('leak', `${stage.file.label}: read the owner's pending upload`);
      return;
    }
    if (!stage.name || stage.asOwner || answer.status >= 500) return;
    const written = key.endsWith('/import') && answer.status < 300;
    const exists = await actor.hasFile(stage.name);
    if (exists !== null && exists !== written)
      finding(
        'half_written',
        `${stage.file.label}: after ${answer.status} a file "${stage.name}" ${exists ? 'exists' : 'is missing'}`,
      );
  }

  async function runBatch(actor: Actor, route: RouteContract, seed: number, count: number): Promise<void> {
    let renew = false;
    for (const generated of fc.sample(requestArbitrary(route, world), { numRuns: count, seed })) {
      if (await runCase(actor, route, generated)) renew = true;
    }
    if (renew) await actor.renew();
  }

  const phase = async (actors: Actor[], sweep: SweepCase[], label: string, seedOffset: number) => {
    const started = Date.now();
    const before = sent;
    const batches = (ending: boolean) =>
      actors.flatMap((actor, a) =>
        routes.flatMap((route, r) =>
          SESSION_ENDING.has(routeKey(route)) === ending
            ? [
                () =>
                  runBatch(
                    actor,
                    route,
                    options.seed + seedOffset + a * 1000 + r,
                    perBatch(world.actors.indexOf(actor) * routes.length + r),
                  ),
              ]
            : [],
        ),
      );
    await pool(
      [...batches(false), ...sweep.map((c) => () => runCase(c.actor, c.route, c.generated).then(() => {}))],
      concurrency,
      (batch) => batch(),
    );
    // Logout and account deletion last, so the other routes are fuzzed with a live session.
    await pool(batches(true), concurrency, (batch) => batch());
    log(`${label}: ${sent - before} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };

  // Phase A: those who must not see or change the owner's data; then compare the owner's view.
  const ownerViewBefore = await world.ownerView();
  await phase(phaseActors[0]!, sweeps[0]!, 'anonymous and other user', 0);
  const ownerViewAfter = await world.ownerView();
  for (const [url, answer] of ownerViewBefore) {
    const after = ownerViewAfter.get(url);
    if (after !== answer) {
      findings.push({
        kind: 'owner_data_changed',
        actor: 'owner',
        route: url,
        request: `GET ${url}`,
        detail: `before: ${answer.slice(0, 200)}\nafter: ${String(after).slice(0, 200)}`,
      });
    }
  }
  // Phase B: the owner on their own data and the site admin, who may change it.
  await phase(phaseActors[1]!, sweeps[1]!, 'owner and site admin', 500_000);

  return { requests: sent, byStatus, routes: routes.length, findings, uploads };
}
