import { readFileSync, writeFileSync, rmSync, mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import { createApiGatewayAdapter, gatewayErrorBody, LAMBDA_INVOKE_PREFIX } from './api-gateway-adapter.js';
import { ORIGIN_VERIFY_ENV } from '#shared/domain/origin-verify.js';
import { startDynamo, startS3, startSes, type Engine } from './engines.js';
import { filesBucketCorsXml, provisionTables } from './provision.js';
import { startScheduler } from './scheduler.js';
import { builtWebApp, ensureWebBuild } from './web-build.js';

export interface LocalCloudOptions {
  rootDir: string;
  port: number;
  /** Where DynamoDB and S3 keep their data; null keeps DynamoDB in memory (tests). */
  dataDir: string | null;
  /**
   * `built` serves the production build of the web app (built first when its sources changed), as
   * the deployed site is; `dev` serves it through Vite's middleware with hot reload (`npm run dev`);
   * `none` serves only the API (integration tests).
   */
  web: 'built' | 'dev' | 'none';
  scheduler: boolean;
  /**
   * Play CloudFront's secret origin header: the functions then refuse requests without it, and the
   * adapter adds it to every request, as CloudFront does in AWS. Unset = no check.
   */
  originSecret?: string;
  /**
   * A folder holding each route group's asset as the stack builds it (`<group>/index.mjs`): the API then
   * runs those bundles instead of the TypeScript sources (`npm run fuzz -- --bundled`). Unset = sources.
   */
  builtLambdas?: string;
}

export interface LocalCloud {
  url: string;
  mailUrl: string;
  endpoints: { dynamodb: string; s3: string; ses: string };
  /** The supervised engines (fault tests kill them; the supervisor restarts them). */
  engines: { dynamodb: Engine; s3: Engine; ses: Engine };
  env: Record<string, string>;
  /** Resolves when no request is being answered (benchmarks count requests on an idle engine). */
  idle(): Promise<void>;
  /** Stops taking requests, lets the ones under way finish, then stops the engines. */
  stop(): Promise<void>;
}

const LOCAL_PREFIX = 'quizbank-local';

/** The local engines accept any credentials; these keep the SDK from looking for real ones. */
const LOCAL_CREDENTIALS = {
  AWS_REGION: 'ap-northeast-2',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  // Node 20 is supported locally; Lambda runs nodejs24.x.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

/**
 * The whole product on one origin: DynamoDB Local, s3rver and the SES emulator behind the real
 * Lambda handlers, the web app beside them, and the scheduled jobs on timers.
 */
export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const engines: Engine[] = [];
  Object.assign(process.env, LOCAL_CREDENTIALS);
  const stopAll = async () => {
    await Promise.allSettled(engines.reverse().map((e) => e.stop()));
  };
  // The web build (when stale) runs while the engines start; awaited before the server listens.
  const webBuild = options.web === 'built' ? ensureWebBuild(options.rootDir) : null;
  webBuild?.catch(() => undefined);
  try {
    const origin = `http://localhost:${options.port}`;
    const storageDir = options.dataDir ? resolve(options.dataDir) : null;
    const [dynamo, s3, ses] = await startEngines(storageDir, origin, engines);
    const env = await localEnv(options, origin, { dynamo, s3, ses });
    // The handlers run in this process, exactly as the Lambda runtime would load them.
    Object.assign(process.env, env);

    // Idle connections stay open longer than any client keeps them (undici 4 s, Node's agent 5 s), as
    // API Gateway's do: otherwise a client may reuse a socket the server is closing (ECONNRESET).
    const server = createServer();
    server.keepAliveTimeout = 65_000;
    const web = await webMiddleware(options, server, webBuild, s3.url);
    const inFlight = new InFlight();
    server.on(
      'request',
      answerRequests(
        {
          api: createApiGatewayAdapter(options.rootDir, {
            originSecret: options.originSecret,
            builtLambdas: options.builtLambdas,
          }),
          mail: mailViewer(ses.url),
          web,
        },
        inFlight,
      ),
    );
    server.on('clientError', answerClientError);
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(options.port, resolveListen);
    });
    const stopScheduler = options.scheduler ? startScheduler(options.rootDir) : () => undefined;
    const url = `http://localhost:${options.port}`;
    const cloud: LocalCloud = {
      url,
      mailUrl: `${url}/_local/mail/`,
      endpoints: { dynamodb: dynamo.url, s3: s3.url, ses: ses.url },
      engines: { dynamodb: dynamo, s3, ses },
      env,
      idle: () => inFlight.idle(),
      stop: async () => {
        stopScheduler();
        // Answers under way still use the engines: they finish (or time out) before the engines stop.
        const closed = new Promise((r) => server.close(() => r(undefined)));
        server.closeIdleConnections();
        await Promise.race([inFlight.idle(), new Promise((r) => setTimeout(r, 30_000).unref())]);
        server.closeAllConnections();
        await closed;
        await web.close?.();
        await stopAll();
      },
    };
    if (storageDir) writeFileSync(join(storageDir, 'local-cloud.json'), JSON.stringify({ url, env }, null, 2));
    return cloud;
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** DynamoDB Local, s3rver and the SES emulator, started at once; each one started joins `engines` (stopped on failure). */
async function startEngines(storageDir: string | null, origin: string, engines: Engine[]) {
  // An in-memory DynamoDB Local comes back from a restart empty: its tables are created again.
  const reprovision = () => provisionTables(dynamo.url, LOCAL_PREFIX);
  const started = await Promise.allSettled([
    startDynamo(storageDir ? join(storageDir, 'dynamodb') : null, () => reprovision()),
    startS3(storageDir ? join(storageDir, 's3') : tempDir('s3'), [
      { name: `${LOCAL_PREFIX}-files`, cors: filesBucketCorsXml(origin) },
    ]),
    startSes(),
  ]);
  for (const s of started) if (s.status === 'fulfilled') engines.push(s.value);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  const [dynamo, s3, ses] = engines as [Engine, Engine, Engine];
  return [dynamo, s3, ses] as const;
}

/** What the functions read from their environment here: the engines' endpoints and the tables made for them. */
async function localEnv(
  options: LocalCloudOptions,
  origin: string,
  { dynamo, s3, ses }: { dynamo: Engine; s3: Engine; ses: Engine },
): Promise<Record<string, string>> {
  return {
    ...LOCAL_CREDENTIALS,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
    AWS_ENDPOINT_URL_S3: s3.url,
    AWS_ENDPOINT_URL_SESV2: ses.url,
    // The local cloud answers Lambda's Invoke API itself (background work, D195).
    AWS_ENDPOINT_URL_LAMBDA: `http://localhost:${options.port}`,
    FILES_BUCKET: `${LOCAL_PREFIX}-files`,
    MAIL_FROM: process.env.MAIL_FROM ?? 'no-reply@quizbank.local',
    APP_ORIGIN: origin,
    COOKIE_SECURE: 'false',
    STAGE: 'local',
    VALIDATE_RESPONSES: 'true',
    ...(options.originSecret ? { [ORIGIN_VERIFY_ENV]: options.originSecret } : {}),
    ...(await provisionTables(dynamo.url, LOCAL_PREFIX)),
  };
}

type Answerer = (req: IncomingMessage, res: ServerResponse) => unknown;

/** The API and Lambda's Invoke API to the gateway, the mail viewer, the rest to the web app. */
function answerRequests(
  { api, mail, web }: { api: Answerer; mail: Answerer; web: Answerer },
  inFlight: InFlight,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    // Counted until the handler is done, not until the socket closes: a client that gives up
    // (the end of a load run) leaves its request still running against the engines.
    inFlight.begin();
    const path = (req.url ?? '/').split('?')[0]!;
    const route =
      path.startsWith('/api/') || path.startsWith('/s/') || path.startsWith(LAMBDA_INVOKE_PREFIX)
        ? api(req, res)
        : path.startsWith('/_local/mail')
          ? mail(req, res)
          : web(req, res);
    Promise.resolve(route)
      .catch((error: Error) => {
        console.error(JSON.stringify({ level: 'error', message: 'local server failure', error: error.stack }));
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'bad_gateway', detail: 'The local API could not answer.' }));
      })
      .finally(() => inFlight.end());
  };
}

/** Counts requests being answered; `idle()` resolves when none is. */
class InFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  begin(): void {
    this.count += 1;
  }

  end(): void {
    this.count -= 1;
    if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
  }

  idle(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}

/**
 * A request Node cannot parse never reaches a handler. Over-long request lines and headers (past
 * Node's 16 KB `maxHeaderSize`; API Gateway's own limit is 10 KB) get a 431 in the product's
 * `{ code, detail }` shape instead of a bare reset; other parse errors keep Node's default 400.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  if (error.code !== 'HPE_HEADER_OVERFLOW') {
    return void socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
  }
  const acceptLanguage = /\r\naccept-language:\s*([^\r\n]*)/i.exec(error.rawPacket?.toString('latin1') ?? '')?.[1];
  const body = Buffer.from(gatewayErrorBody('request_header_too_large', acceptLanguage));
  socket.end(
    `HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${body.length}\r\nconnection: close\r\n\r\n${body.toString('latin1')}`,
    'latin1',
  );
}

function tempDir(name: string): string {
  const dir = join(process.env.TMPDIR ?? '/tmp', `quizbank-${name}-${process.pid}-${Date.now()}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

type Middleware = ((req: IncomingMessage, res: ServerResponse) => void | Promise<void>) & {
  close?: () => Promise<void>;
};

async function webMiddleware(
  options: LocalCloudOptions,
  server: Server,
  webBuild: ReturnType<typeof ensureWebBuild> | null,
  s3Url: string,
): Promise<Middleware> {
  if (options.web === 'none') {
    return (_req, res) => void res.writeHead(404, { 'content-type': 'text/plain' }).end('web app not served');
  }
  if (webBuild) return builtWebApp((await webBuild).dist, new URL(s3Url).origin);
  const { createServer: createVite } = await import('vite');
  const vite = await createVite({
    configFile: join(options.rootDir, 'web/vite.config.ts'),
    server: { middlewareMode: true, hmr: { server } },
    appType: 'spa',
    logLevel: 'warn',
  });
  const handler: Middleware = (req, res) => vite.middlewares(req, res);
  handler.close = () => vite.close();
  return handler;
}

/** The SES emulator's viewer, re-homed under /_local/mail/ so it opens from the app's origin. */
function mailViewer(sesUrl: string): Middleware {
  const require = createRequire(import.meta.url);
  const page = readFileSync(
    join(require.resolve('aws-ses-v2-local/package.json'), '..', 'static', 'index.html'),
    'utf8',
  )
    .replaceAll('fetch(`/store', 'fetch(`/_local/mail/store')
    .replaceAll("fetch('/clear-store'", "fetch('/_local/mail/clear-store'")
    .replaceAll('fetch(`/get-emlContent', 'fetch(`/_local/mail/get-emlContent');
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const sub = url.pathname.replace(/^\/_local\/mail/, '') || '/';
    if (sub === '/' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    const upstream = await fetch(`${sesUrl}${sub}${url.search}`, { method: req.method });
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  };
}
