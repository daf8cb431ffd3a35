import { LIVE_ALIAS } from '#shared/live-alias.js';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '#shared/contracts/define-route.js';
import { FUNCTION_TAG } from '../../infra/constructs/app-function.js';
import { API_PATH_PATTERNS, IMAGE_PATH_PATTERN, VIEWER_IP_HEADER } from '../../infra/constructs/site.js';
import { contentSecurityPolicy } from '../../infra/definitions/content-security-policy.js';
import { FILES_BUCKET } from '../../infra/definitions/buckets.js';
import { apiThrottle, peakRequestsPerSecond } from '../../infra/definitions/capacity.js';
import { SCHEDULES } from '../../infra/definitions/schedules.js';
import { TABLES } from '../../infra/definitions/tables.js';
import { BACKGROUND_TABLE_ACTIONS } from '../../infra/definitions/background-table-actions.js';
import { READ_ACTIONS, TABLE_ACTIONS } from '#shared/table-actions.js';
import { FALLBACK_GROUP, ROUTE_GROUPS, type RouteGroup } from '#shared/routes-manifest.js';
import { readSettings } from '../../infra/settings.js';
import { synthesize } from './synth.js';

/* CloudFront managed policy ids (stable, documented by AWS). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const DYNAMO_WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const S3_WRITES = ['s3:PutObject', 's3:DeleteObject', 's3:DeleteObject*', 's3:PutObject*', 's3:Abort*'];

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

const asArray = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

/** Application functions by their tag value (`route-group:system`, `schedule:job-…`). */
function appFunctions(template: Template): Map<string, { id: string; props: Record<string, any> }> {
  const found = new Map<string, { id: string; props: Record<string, any> }>();
  for (const [id, res] of Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, Resource>)) {
    const tag = (res.Properties.Tags as { Key: string; Value: string }[] | undefined)?.find(
      (t) => t.Key === FUNCTION_TAG,
    );
    if (tag) found.set(tag.Value, { id, props: res.Properties });
  }
  return found;
}

function logicalIdOf(template: Template, type: string, predicate: (props: Record<string, any>) => boolean): string {
  const matches = Object.entries(template.findResources(type) as Record<string, Resource>).filter(([, r]) =>
    predicate(r.Properties),
  );
  expect(matches, `one ${type}`).toHaveLength(1);
  return matches[0]![0];
}

/** Every IAM statement attached to a function's role. */
function roleStatements(template: Template, fnProps: Record<string, any>): Statement[] {
  const roleId = fnProps.Role['Fn::GetAtt'][0] as string;
  return Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
    .filter((p) => (p.Properties.Roles as unknown[]).some((r) => JSON.stringify(r) === JSON.stringify({ Ref: roleId })))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}

type CfRequest = { uri: string; headers: Record<string, { value: string }> };
/** Evaluates a CloudFront Function's source (plain ES5) in Node. */
const cloudFrontFunction = (code: string) =>
  new Function(`${code}; return handler;`)() as (event: unknown) => CfRequest;

const mentions = (statement: Statement, logicalId: string) =>
  JSON.stringify(statement.Resource).includes(`"${logicalId}"`);

describe('QuizbankStack (dev stage, synthesized once without bundling)', () => {
  let template: Template;
  let operations: Template;
  let functions: ReturnType<typeof appFunctions>;
  const groups: RouteGroup[] = ROUTE_GROUPS;
  /** The logical id of a function's `live` alias: what every caller invokes (D141). */
  const liveAlias = (fnId: string): string => {
    const found = Object.entries(template.findResources('AWS::Lambda::Alias') as Record<string, Resource>).filter(
      ([, a]) =>
        a.Properties.Name === 'live' && JSON.stringify(a.Properties.FunctionName) === JSON.stringify({ Ref: fnId }),
    );
    expect(found, fnId).toHaveLength(1);
    return found[0]![0];
  };

  beforeAll(() => {
    ({ template, operations } = synthesize());
    functions = appFunctions(template);
  });

  describe('functions', () => {
    it('has exactly one Lambda per route group and one per schedule, plus the fan-out workers and the mail feedback handler', () => {
      const expected = [
        ...groups.map((g) => `route-group:${g.name}`),
        ...SCHEDULES.map((s) => `schedule:job-${s.name}`),
        ...SCHEDULES.filter((s) => s.fanOut).map((s) => `worker:${s.name}-worker`),
        'worker:mail-feedback',
      ];
      expect([...functions.keys()].sort()).toEqual(expected.sort());
    });

    it("runs every app function on nodejs24.x arm64 (the optimizer's on x86_64) with its manifest memory and timeout", () => {
      // The fsrs-rs optimizer's 0.5.0 binary exists for linux-x64-gnu only (infra/bundling.ts).
      const x64 = new Set(['route-group:memory-fit', 'schedule:job-fsrs-fit', 'worker:fsrs-fit-worker']);
      for (const [name, { props }] of functions) {
        expect(props.Runtime, name).toBe('nodejs24.x');
        expect(props.Architectures, name).toEqual([x64.has(name) ? 'x86_64' : 'arm64']);
        expect(props.Handler, name).toBe('index.handler');
      }
      for (const group of groups) {
        const { props } = functions.get(`route-group:${group.name}`)!;
        expect(props.MemorySize).toBe(group.memoryMb);
        // A group with background work runs it in the same function, past the API's 29 s (D195).
        expect(props.Timeout).toBe(group.background?.timeoutSeconds ?? group.timeoutSeconds);
      }
      for (const schedule of SCHEDULES) {
        expect(functions.get(`schedule:job-${schedule.name}`)!.props.Timeout).toBe(schedule.timeoutSeconds);
        if (schedule.memoryMb)
          expect(functions.get(`schedule:job-${schedule.name}`)!.props.MemorySize).toBe(schedule.memoryMb);
      }
    });

    it('lets exactly the groups with background work invoke themselves, and nothing else (D195)', () => {
      for (const [name, { props }] of functions) {
        const invokes = roleStatements(template, props).filter((st) =>
          asArray(st.Action).some((action) => action.startsWith('lambda:')),
        );
        const group = groups.find((g) => `route-group:${g.name}` === name);
        if (!group?.background) {
          expect(invokes, name).toEqual([]);
          continue;
        }
        expect(invokes, name).toHaveLength(1);
        expect(asArray(invokes[0]!.Action)).toEqual(['lambda:InvokeFunction']);
        expect(JSON.stringify(invokes[0]!.Resource)).toContain(`:function:${props.FunctionName}:${LIVE_ALIAS}`);
      }
    });

    it('gives every function the environment config.ts reads', () => {
      for (const [name, { props }] of functions) {
        const env = props.Environment.Variables as Record<string, unknown>;
        expect(Object.keys(env).sort(), name).toEqual(
          expect.arrayContaining([
            'APP_TABLE',
            'EPHEMERAL_TABLE',
            'FILES_BUCKET',
            'MAIL_FROM',
            'SES_CONFIGURATION_SET',
            'APP_ORIGIN',
            'STAGE',
          ]),
        );
        expect(env.COOKIE_SECURE).toBe('true');
        // Source maps are read when an error is logged, not by Node at every module load (D108).
        expect(env.NODE_OPTIONS).toBeUndefined();
        expect(env.STAGE).toBe('dev');
        expect(env.GOOGLE_CLIENT_ID).toBeUndefined();
        expect(env.VALIDATE_RESPONSES).toBeUndefined();
        // The import's image fetcher lets no origin past its SSRF guard in a deployed stack (D177).
        expect(env.IMPORT_IMAGE_TEST_ORIGINS).toBeUndefined();
        // https:// + the distribution's domain (no custom domain in dev).
        expect(JSON.stringify(env.APP_ORIGIN)).toMatch(/https:\/\/.*SiteDistribution[0-9A-F]+","DomainName"/);
      }
    });

    it('keeps a month of logs per function', () => {
      for (const [name, { props }] of functions) {
        const logGroupId = props.LoggingConfig.LogGroup.Ref as string;
        expect(template.toJSON().Resources[logGroupId].Properties.RetentionInDays, name).toBe(30);
      }
    });

    it('lets Lambda not retry a failed job (the daily mail must not go out twice)', () => {
      for (const schedule of SCHEDULES) {
        const { id } = functions.get(`schedule:job-${schedule.name}`)!;
        template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
          FunctionName: { Ref: id },
          MaximumRetryAttempts: 0,
        });
      }
    });
  });

  describe('HTTP API', () => {
    const integrationGroup = (routeProps: Record<string, any>): string => {
      const integrationId = routeProps.Target['Fn::Join'][1][1].Ref as string;
      const integration = template.toJSON().Resources[integrationId].Properties;
      expect(integration.PayloadFormatVersion).toBe('2.0');
      expect(integration.IntegrationType).toBe('AWS_PROXY');
      const aliasId = integration.IntegrationUri.Ref as string;
      const entry = [...functions].find(([, f]) => liveAlias(f.id) === aliasId);
      return entry ? entry[0] : `unknown alias ${aliasId}`;
    };
    const routes = () =>
      Object.values(template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>).map(
        (r) => r.Properties,
      );

    it('has every manifest route, integrated with its group Lambda', () => {
      for (const group of groups) {
        for (const route of group.routes) {
          const key = routeKey(route);
          const matching = routes().filter((r) => r.RouteKey === key);
          expect(matching, key).toHaveLength(1);
          expect(integrationGroup(matching[0]!)).toBe(`route-group:${group.name}`);
        }
      }
    });

    it('keeps methods and {parameters} as declared and only drops the trailing slash API Gateway refuses', () => {
      const keys = routes().map((r) => r.RouteKey as string);
      const manifestKeys = groups.flatMap((g) => g.routes.map((r) => `${r.method} ${r.path}`));
      expect(keys).toHaveLength(manifestKeys.length + 1);
      for (const key of manifestKeys) expect(keys).toContain(key.endsWith('/') ? key.slice(0, -1) : key);
      expect(keys.every((k) => k === '$default' || !k.endsWith('/'))).toBe(true);
    });

    it('answers unknown paths through $default with the fallback group', () => {
      const fallback = routes().filter((r) => r.RouteKey === '$default');
      expect(fallback).toHaveLength(1);
      expect(integrationGroup(fallback[0]!)).toBe(`route-group:${FALLBACK_GROUP}`);
    });

    it('deploys automatically to a $default stage throttled above the capacity sheet’s 1 M peak', () => {
      const peak = peakRequestsPerSecond();
      // docs/capacity-and-cost.md: 272 M requests a month at 1 M learners, ~525/s at a 5× evening peak.
      expect(Math.round(peak)).toBe(525);
      const { rateLimit, burstLimit } = apiThrottle();
      expect(rateLimit).toBeGreaterThanOrEqual(2 * peak);
      expect(rateLimit).toBeLessThan(10_000); // the account's API Gateway quota
      expect(burstLimit).toBe(2 * rateLimit);
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit },
        AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
      });
    });

    it('allows API Gateway to invoke each group Lambda with one permission, on its live alias', () => {
      for (const group of groups) {
        const id = liveAlias(functions.get(`route-group:${group.name}`)!.id);
        const permissions = Object.values(
          template.findResources('AWS::Lambda::Permission') as Record<string, Resource>,
        ).filter(
          (p) =>
            JSON.stringify(p.Properties.FunctionName).includes(`"${id}"`) &&
            p.Properties.Principal === 'apigateway.amazonaws.com',
        );
        expect(permissions, group.name).toHaveLength(1);
      }
    });
  });

  describe('DynamoDB', () => {
    it('has one on-demand table per definition with PITR, TTL and the GSIs', () => {
      const tables = Object.values(template.findResources('AWS::DynamoDB::GlobalTable') as Record<string, Resource>);
      expect(tables).toHaveLength(TABLES.length);
      for (const def of TABLES) {
        const table = tables.find((t) => t.Properties.TableName === `quizbank-dev-${def.id}`);
        expect(table, def.id).toBeDefined();
        const p = table!.Properties;
        expect(p.BillingMode).toBe('PAY_PER_REQUEST');
        expect(p.KeySchema).toEqual([
          { AttributeName: def.partitionKey, KeyType: 'HASH' },
          { AttributeName: def.sortKey, KeyType: 'RANGE' },
        ]);
        for (const replica of p.Replicas) {
          expect(replica.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
        }
        expect(p.TimeToLiveSpecification).toEqual({ AttributeName: def.ttlAttribute, Enabled: true });
        const indexes = (p.GlobalSecondaryIndexes ?? []) as any[];
        expect(indexes.map((i) => i.IndexName).sort()).toEqual(def.globalIndexes.map((g) => g.name).sort());
        for (const g of def.globalIndexes) {
          const index = indexes.find((i) => i.IndexName === g.name);
          expect(index.KeySchema).toEqual([
            { AttributeName: g.partitionKey, KeyType: 'HASH' },
            { AttributeName: g.sortKey, KeyType: 'RANGE' },
          ]);
          expect(index.Projection).toEqual({ ProjectionType: 'ALL' });
        }
        expect(table!.DeletionPolicy).toBe('Delete');
      }
    });
  });

  describe('files bucket', () => {
    const filesBucket = () => {
      const id = logicalIdOf(template, 'AWS::S3::Bucket', (p) => p.CorsConfiguration !== undefined);
      return { id, props: template.toJSON().Resources[id].Properties };
    };

    it('is private, encrypted and versioned, like every bucket of the stack', () => {
      const buckets = Object.values(template.findResources('AWS::S3::Bucket') as Record<string, Resource>);
      expect(buckets.length).toBeGreaterThanOrEqual(2);
      for (const b of buckets) {
        expect(b.Properties.PublicAccessBlockConfiguration).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(
          b.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm,
        ).toBe('AES256');
      }
      expect(filesBucket().props.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    });

    it('refuses plain HTTP', () => {
      const { id } = filesBucket();
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    });

    it('accepts presigned uploads from the site origin only', () => {
      const rules = filesBucket().props.CorsConfiguration.CorsRules as any[];
      expect(rules).toHaveLength(1);
      expect(rules[0].AllowedMethods.sort()).toEqual([...FILES_BUCKET.cors.allowedMethods].sort());
      expect(rules[0].AllowedOrigins).toHaveLength(1);
      expect(JSON.stringify(rules[0].AllowedOrigins)).toMatch(/https:\/\/.*DomainName/);
      expect(rules[0].ExposedHeaders).toEqual(FILES_BUCKET.cors.exposedHeaders);
    });

    it('expires abandoned uploads after a day and old versions after 30 days', () => {
      const rules = filesBucket().props.LifecycleConfiguration.Rules as any[];
      expect(rules).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ Prefix: FILES_BUCKET.pendingUploadPrefix, ExpirationInDays: 1, Status: 'Enabled' }),
          expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' }),
        ]),
      );
    });
  });

  it('reserves concurrency for sign-in and the daily mail worker only (D346)', () => {
    const reserved = [...functions].flatMap(([tag, f]) =>
      f.props.ReservedConcurrentExecutions === undefined ? [] : [[tag, f.props.ReservedConcurrentExecutions]],
    );
    const mail = SCHEDULES.find((s) => s.name === 'daily-quiz-email')!;
    expect(Object.fromEntries(reserved)).toEqual({
      'route-group:auth': 50,
      'worker:daily-quiz-email-worker': mail.fanOut!.parallel,
    });
    // AWS keeps 100 of the default 1,000 unreserved.
    expect(reserved.reduce((sum, [, n]) => sum + Number(n), 0)).toBeLessThanOrEqual(900);
  });

  describe('least privilege', () => {
    const tableId = (id: string) =>
      logicalIdOf(template, 'AWS::DynamoDB::GlobalTable', (p) => p.TableName === `quizbank-dev-${id}`);
    const bucketId = () => logicalIdOf(template, 'AWS::S3::Bucket', (p) => p.CorsConfiguration !== undefined);
    const actionsOn = (statements: Statement[], logicalId: string) =>
      statements.filter((s) => mentions(s, logicalId)).flatMap((s) => asArray(s.Action));

    const subjects = [
      ...ROUTE_GROUPS.map((g) => ({ key: `route-group:${g.name}`, access: g.access, dynamo: g.dynamo })),
      ...SCHEDULES.map((s) => ({
        key: `schedule:job-${s.name}`,
        access: { ephemeralTable: undefined, ...s.access },
        dynamo: BACKGROUND_TABLE_ACTIONS[`job-${s.name}`],
      })),
    ];

    it.each(subjects)(
      '$key gets exactly its declared DynamoDB actions: never Scan, DeleteItem only if declared',
      ({ key, access, dynamo }) => {
        expect(dynamo, `${key} declares its actions`).toBeDefined();
        const statements = roleStatements(template, functions.get(key)!.props);
        const granted = TABLES.flatMap((t) => actionsOn(statements, tableId(t.id)));
        expect(
          granted.filter((a) => a === 'dynamodb:Scan' || a === 'dynamodb:DescribeTable'),
          key,
        ).toEqual([]);
        for (const [def, level] of [
          ['app', access.appTable],
          ['ephemeral', access.ephemeralTable],
        ] as const) {
          if (!level) continue;
          const allowed: readonly string[] =
            level === 'write' ? TABLE_ACTIONS : level === 'sessions' ? [...READ_ACTIONS, 'UpdateItem'] : READ_ACTIONS;
          const expected = dynamo!.filter((a) => allowed.includes(a)).map((a) => `dynamodb:${a}`);
          expect(actionsOn(statements, tableId(def)).sort(), `${key} on ${def}`).toEqual(expected.sort());
        }
        if (!dynamo!.includes('DeleteItem')) expect(granted, key).not.toContain('dynamodb:DeleteItem');
      },
    );

    it('no longer gives every function the same actions (least privilege is not one shared set)', () => {
      const sets = new Set(
        subjects.map(({ key }) => {
          const statements = roleStatements(template, functions.get(key)!.props);
          return JSON.stringify(TABLES.flatMap((t) => actionsOn(statements, tableId(t.id))).sort());
        }),
      );
      expect(sets.size).toBeGreaterThan(8);
    });

    it.each(subjects)('$key gets exactly its declared table, bucket and mail access', ({ key, access }) => {
      const statements = roleStatements(template, functions.get(key)!.props);
      for (const [def, level] of [
        ['app', access.appTable],
        ['ephemeral', access.ephemeralTable],
      ] as const) {
        const actions = actionsOn(statements, tableId(def));
        if (!level) expect(actions, `${key} on ${def}`).toEqual([]);
        if (level === 'read') {
          expect(actions).toContain('dynamodb:GetItem');
          expect(
            actions.filter((a) => DYNAMO_WRITES.includes(a)),
            `${key} writes ${def}`,
          ).toEqual([]);
        }
        if (level === 'sessions') {
          expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:UpdateItem']));
          expect(
            actions.filter((a) => DYNAMO_WRITES.includes(a) && a !== 'dynamodb:UpdateItem'),
            `${key} writes ${def}`,
          ).toEqual([]);
        }
        if (level === 'write') expect(actions).toContain('dynamodb:UpdateItem');
        if (level) {
          // Indexes are covered too, each by name (`<table arn>/index/<name>`, no `index/*`).
          const resources = JSON.stringify(statements.filter((s) => mentions(s, tableId(def))).map((s) => s.Resource));
          for (const index of TABLES.find((t) => t.id === def)!.globalIndexes) {
            expect(resources, `${key} index ${index.name} on ${def}`).toContain(`/index/${index.name}`);
          }
          expect(resources).not.toContain('/index/*');
        }
      }

      const bucketActions = actionsOn(statements, bucketId());
      if (!access.filesBucket) expect(bucketActions).toEqual([]);
      if (access.filesBucket === 'read') {
        expect(bucketActions).toContain('s3:GetObject');
        expect(bucketActions.filter((a) => S3_WRITES.includes(a))).toEqual([]);
      }
      if (access.filesBucket === 'write') expect(bucketActions).toEqual(expect.arrayContaining(['s3:PutObject']));

      const sesStatements = statements.filter((s) => asArray(s.Action).some((a) => a.startsWith('ses:')));
      if (!access.sendMail) expect(sesStatements, `${key} ses`).toEqual([]);
      else {
        const resources = JSON.stringify(sesStatements.map((s) => s.Resource));
        expect(resources).toMatch(/:identity\//);
        expect(resources).toMatch(/:configuration-set\//);
        expect(resources).not.toMatch(/"\*"/);
      }

      // Nothing broader than its own resources, but for X-Ray's two write actions, which take no resource (D112).
      for (const s of statements) {
        if (s.Resource === '*')
          expect(asArray(s.Action).sort(), `${key} wildcard resource`).toEqual([
            'xray:PutTelemetryRecords',
            'xray:PutTraceSegments',
          ]);
      }
    });

    it('the system group cannot write the app table', () => {
      const statements = roleStatements(template, functions.get('route-group:system')!.props);
      const actions = actionsOn(statements, tableId('app'));
      expect(actions.length).toBeGreaterThan(0);
      for (const write of DYNAMO_WRITES) expect(actions).not.toContain(write);
    });
  });

  describe('schedules', () => {
    it('runs each job daily at its UTC time through EventBridge Scheduler', () => {
      const schedules = Object.values(template.findResources('AWS::Scheduler::Schedule') as Record<string, Resource>);
      expect(schedules).toHaveLength(SCHEDULES.length);
      for (const def of SCHEDULES) {
        const schedule = schedules.find((s) => s.Properties.Name === `quizbank-dev-${def.name}`);
        expect(schedule, def.name).toBeDefined();
        expect(schedule!.Properties.ScheduleExpression).toBe(`cron(${def.utc.minute} ${def.utc.hour} * * ? *)`);
        expect(schedule!.Properties.ScheduleExpressionTimezone).toBe('Etc/UTC');
        expect(schedule!.Properties.State).toBe('ENABLED');
        const { id } = functions.get(`schedule:job-${def.name}`)!;
        // A fan-out job starts its state machine (tests/infra/daily-mail.test.ts), which invokes the job's Lambda first.
        if (def.fanOut) expect(JSON.stringify(schedule!.Properties.Target.Arn)).toMatch(/statemachine/i);
        else expect(schedule!.Properties.Target.Arn).toEqual({ Ref: liveAlias(id) });
      }
    });
  });

  describe('CloudFront', () => {
    const distribution = () =>
      Object.values(template.findResources('AWS::CloudFront::Distribution') as Record<string, Resource>)[0]!.Properties
        .DistributionConfig;

    it('sends /api/* and /s/* to the HTTP API, uncached (images aside), with cookies and query strings', () => {
      const config = distribution();
      const behaviors = config.CacheBehaviors as any[];
      expect(behaviors.map((b) => b.PathPattern).sort()).toEqual([...API_PATH_PATTERNS, IMAGE_PATH_PATTERN].sort());
      for (const b of behaviors) {
        if (b.PathPattern !== IMAGE_PATH_PATTERN) expect(b.CachePolicyId).toBe(CACHING_DISABLED);
        expect(b.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
        expect(b.AllowedMethods).toEqual(
          expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
        );
        expect(b.ViewerProtocolPolicy).toBe('redirect-to-https');
        const origin = (config.Origins as any[]).find((o) => o.Id === b.TargetOriginId);
        expect(JSON.stringify(origin.DomainName)).toMatch(/ApiEndpoint/);
        expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
      }
    });

    it('tells the API the visitor address (API Gateway only sees the CloudFront edge)', () => {
      for (const b of distribution().CacheBehaviors as any[]) {
        const associations = b.FunctionAssociations as any[];
        expect(associations).toHaveLength(1);
        expect(associations[0].EventType).toBe('viewer-request');
        const fn = template.toJSON().Resources[associations[0].FunctionARN['Fn::GetAtt'][0]] as Resource;
        const handler = cloudFrontFunction(fn.Properties.FunctionCode as string);
        const request = handler({
          viewer: { ip: '203.0.113.7' },
          request: { uri: '/api/auth/login/', headers: { [VIEWER_IP_HEADER]: { value: 'spoofed' } } },
        });
        expect(request.headers[VIEWER_IP_HEADER]).toEqual({ value: '203.0.113.7' });
        expect(request.uri).toBe('/api/auth/login/');
      }
    });

    it('caches question images by path, as long as the origin says, never a private answer (D181)', () => {
      const behaviors = distribution().CacheBehaviors as any[];
      // First, so /api/* does not catch it.
      expect(behaviors[0].PathPattern).toBe(IMAGE_PATH_PATTERN);
      const image = behaviors[0];
      const api = behaviors.find((b) => b.PathPattern === '/api/*');
      expect(image.TargetOriginId).toBe(api.TargetOriginId);
      // Cookies still reach the API, which checks them for a private exam's image.
      expect(image.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
      expect(image.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'POST']));
      const policyId = image.CachePolicyId.Ref as string;
      const policy = template.toJSON().Resources[policyId] as Resource;
      expect(policy.Type).toBe('AWS::CloudFront::CachePolicy');
      const config = policy.Properties.CachePolicyConfig;
      // Min TTL 0: an answer with `private` or `no-store` is not stored; no Cache-Control, not cached.
      expect(config.MinTTL).toBe(0);
      expect(config.DefaultTTL).toBe(0);
      // Max a year: `public, max-age=31536000, immutable` is kept whole.
      expect(config.MaxTTL).toBe(31_536_000);
      // Keyed by the path alone: no cookie, header or query string splits (or personalises) the cache.
      const key = config.ParametersInCacheKeyAndForwardedToOrigin;
      expect(key.CookiesConfig.CookieBehavior).toBe('none');
      expect(key.HeadersConfig.HeaderBehavior).toBe('none');
      expect(key.QueryStringsConfig.QueryStringBehavior).toBe('none');
      // No other API path is cached.
      for (const b of behaviors.slice(1)) expect(b.CachePolicyId).toBe(CACHING_DISABLED);
    });

    it('sends the security headers and the Content-Security-Policy with the site (D182)', () => {
      const config = distribution();
      const policyId = config.DefaultCacheBehavior.ResponseHeadersPolicyId.Ref as string;
      const policy = template.toJSON().Resources[policyId] as Resource;
      expect(policy.Type).toBe('AWS::CloudFront::ResponseHeadersPolicy');
      const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
      // The region's bucket hosts (a deploy-time value): the policy is a join around the region.
      const csp = headers.ContentSecurityPolicy as { ContentSecurityPolicy: unknown; Override: boolean };
      expect(csp.Override).toBe(true);
      const [, parts] = (csp.ContentSecurityPolicy as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
      const rendered = parts
        .map((part) => (typeof part === 'string' ? part : `<${(part as { Ref: string }).Ref}>`))
        .join('');
      expect(rendered).toBe(contentSecurityPolicy('https://*.s3.<AWS::Region>.<AWS::URLSuffix>'));
      const directives = new Map(
        rendered.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')] as const),
      );
      expect(directives.get('script-src')).toBe("'self'");
      expect(directives.get('img-src')).toBe("'self'");
      expect(directives.get('connect-src')).toBe("'self' https://*.s3.<AWS::Region>.<AWS::URLSuffix>");
      expect(directives.get('object-src')).toBe("'none'");
      expect(directives.get('base-uri')).toBe("'none'");
      expect(directives.get('frame-ancestors')).toBe("'none'");
      expect(rendered).not.toContain('unsafe-eval');
      expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
      expect(headers.ContentTypeOptions).toEqual({ Override: true });
      expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 31_536_000 });
      expect(headers.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
    });

    it('serves the site from the private bucket through origin access control', () => {
      const config = distribution();
      const site = (config.Origins as any[]).find((o) => o.Id === config.DefaultCacheBehavior.TargetOriginId);
      expect(site.S3OriginConfig).toBeDefined();
      expect(site.OriginAccessControlId).toBeDefined();
      expect(config.DefaultCacheBehavior.CachePolicyId).toBe(CACHING_OPTIMIZED);
      expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
      expect(config.DefaultRootObject).toBe('index.html');
    });

    it('does the SPA fallback with a viewer-request function, not error pages that would hide API 404s', () => {
      const config = distribution();
      expect(config.CustomErrorResponses).toBeUndefined();
      const associations = config.DefaultCacheBehavior.FunctionAssociations as any[];
      expect(associations).toHaveLength(1);
      expect(associations[0].EventType).toBe('viewer-request');
      // The rewrite is not on the API behaviours.
      const rewriteId = associations[0].FunctionARN['Fn::GetAtt'][0] as string;
      for (const b of config.CacheBehaviors as any[])
        expect(JSON.stringify(b.FunctionAssociations ?? [])).not.toContain(rewriteId);

      const fn = template.toJSON().Resources[rewriteId] as Resource;
      expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
      const handler = cloudFrontFunction(fn.Properties.FunctionCode as string);
      const rewrite = (uri: string) => handler({ request: { uri, headers: {} } }).uri;
      expect(rewrite('/')).toBe('/index.html');
      expect(rewrite('/exams/12')).toBe('/index.html');
      expect(rewrite('/ko/settings/')).toBe('/index.html');
      expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
      expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
    });

    it('deploys the built site: hashed assets immutable, pages revalidated and invalidated', () => {
      const deployments = Object.values(
        template.findResources('Custom::CDKBucketDeployment') as Record<string, Resource>,
      ).map((d) => d.Properties);
      expect(deployments).toHaveLength(2);
      const assets = deployments.find((d) => (d.Include as string[] | undefined)?.includes('assets/*'))!;
      const pages = deployments.find((d) => (d.Exclude as string[] | undefined)?.includes('assets/*'))!;
      expect(assets.Prune).toBe(false);
      expect(JSON.stringify(assets.SystemMetadata)).toMatch(/immutable/);
      expect(JSON.stringify(pages.SystemMetadata)).toMatch(/no-cache/);
      expect(pages.DistributionPaths).toEqual(['/*']);
    });
  });

  describe('SES', () => {
    it('has the sending identity and a configuration set', () => {
      template.hasResourceProperties('AWS::SES::EmailIdentity', {
        EmailIdentity: 'no-reply@example.com',
        ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
      });
      template.hasResourceProperties('AWS::SES::ConfigurationSet', { Name: 'quizbank-dev' });
    });
  });

  it('keeps each stack well under the 500 resources CloudFormation allows (D173): alarms and canary nested', () => {
    const count = (t: Template) => Object.keys(t.toJSON().Resources as object).length;
    // 440: the jobs' fan-out (two more workers and state machines, the dead-letter queue, D333) took ~25;
    // 450: the secrets' rotation function and schedules (D475) took 7.
    expect(count(template)).toBeLessThanOrEqual(450);
    expect(count(operations)).toBeLessThanOrEqual(300);
    expect(Object.keys(operations.findResources('AWS::CloudWatch::Alarm')).length).toBeGreaterThan(50);
    expect(Object.keys(template.findResources('AWS::CloudWatch::Alarm'))).toEqual([]);
  });

  it('outputs the site and API URLs, table names and the files bucket', () => {
    const outputs = Object.keys(template.toJSON().Outputs as object);
    expect(outputs).toEqual(
      expect.arrayContaining(['SiteUrl', 'ApiUrl', 'AppTableName', 'EphemeralTableName', 'FilesBucketName']),
    );
  });
});

describe('QuizbankStack settings', () => {
  it('retains data in prod and sets a custom domain on CloudFront, the functions and CORS', () => {
    const { template } = synthesize({
      context: {
        stage: 'prod',
        domainName: 'quiz.example.org',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-aaaa-bbbb-cccc-1234567890ab',
        mailFrom: 'quiz.example.org',
        googleClientId: 'client-id.apps.googleusercontent.com',
      },
    });
    for (const table of Object.values(
      template.findResources('AWS::DynamoDB::GlobalTable') as Record<string, Resource>,
    )) {
      expect(table.DeletionPolicy).toBe('Retain');
      expect(table.Properties.TableName).toMatch(/^quizbank-prod-/);
    }
    for (const bucket of Object.values(template.findResources('AWS::S3::Bucket') as Record<string, Resource>)) {
      expect(bucket.DeletionPolicy).toBe('Retain');
    }
    const config = Object.values(
      template.findResources('AWS::CloudFront::Distribution') as Record<string, Resource>,
    )[0]!.Properties.DistributionConfig;
    expect(config.Aliases).toEqual(['quiz.example.org']);
    expect(config.ViewerCertificate.AcmCertificateArn).toMatch(/^arn:aws:acm:us-east-1:/);
    expect(config.ViewerCertificate.MinimumProtocolVersion).toBe('TLSv1.2_2021');
    expect(config.ViewerCertificate.SslSupportMethod).toBe('sni-only');

    for (const [, { props }] of appFunctions(template)) {
      const env = props.Environment.Variables;
      expect(env.APP_ORIGIN).toBe('https://quiz.example.org');
      expect(env.MAIL_FROM).toBe('no-reply@quiz.example.org');
      expect(env.GOOGLE_CLIENT_ID).toBe('client-id.apps.googleusercontent.com');
      expect(env.STAGE).toBe('prod');
    }
    template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://quiz.example.org'] })] },
    });
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'quiz.example.org' });
  });

  it('builds whatever the manifest declares: an extra group gets its own Lambda and routes', () => {
    const extra: RouteGroup = {
      name: 'extra',
      handler: ROUTE_GROUPS[0]!.handler,
      memoryMb: 384,
      timeoutSeconds: 7,
      dynamo: ['GetItem'],
      routes: [
        { ...ROUTE_GROUPS[0]!.routes[0]!, method: 'GET', path: '/api/extra/{id}/' },
        { ...ROUTE_GROUPS[0]!.routes[0]!, method: 'DELETE', path: '/s/{code}/' },
      ],
      access: { ephemeralTable: 'sessions', filesBucket: 'read' },
    };
    const { template } = synthesize({ props: { routeGroups: [...ROUTE_GROUPS, extra] } });
    const fns = appFunctions(template);
    expect(fns.get('route-group:extra')!.props.MemorySize).toBe(384);
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'GET /api/extra/{id}' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'DELETE /s/{code}' });
  });

  it('refuses two groups declaring the same route', () => {
    const dup: RouteGroup = { ...ROUTE_GROUPS[0]!, name: 'dup' };
    expect(() => synthesize({ props: { routeGroups: [...ROUTE_GROUPS, dup] } })).toThrow(/declared by both/);
  });
});

describe('local-only settings (D351)', () => {
  it('refuses to synthesize a function given the import image test origins, however it was added', () => {
    expect(() =>
      synthesize({
        alter: (stack) => {
          const fn = stack.node.findAll().find((c): c is LambdaFunction => c instanceof LambdaFunction)!;
          fn.addEnvironment('IMPORT_IMAGE_TEST_ORIGINS', 'http://127.0.0.1:4567');
        },
      }),
    ).toThrow(/IMPORT_IMAGE_TEST_ORIGINS is for local tests only/);
  });
});

describe('readSettings (CDK context)', () => {
  const read = (context: Record<string, unknown>) => readSettings((key) => context[key]);

  it('defaults to a dev stage with the placeholder sender and empty strings as unset', () => {
    expect(read({ domainName: '', googleClientId: '', seedDemo: false })).toEqual({
      stage: 'dev',
      domainName: undefined,
      certificateArn: undefined,
      hostedZoneId: undefined,
      hostedZoneName: undefined,
      mailFrom: 'no-reply@example.com',
      googleClientId: undefined,
      seedDemo: false,
      sesSandbox: false,
      sesSendRate: 14,
      waf: true,
      region: undefined,
      alarmEmail: undefined,
      tracingSampleRate: 0.05,
    });
    expect(read({ seedDemo: 'true', sesSandbox: true }).seedDemo).toBe(true);
    expect(read({ sesSendRate: '50' }).sesSendRate).toBe(50);
    expect(() => read({ sesSendRate: '0' })).toThrow(/sesSendRate/);
  });

  it('refuses settings that would fail at deploy time', () => {
    expect(() => read({ stage: 'Prod_1' })).toThrow(/stage/);
    expect(() => read({ domainName: 'quiz.example.org' })).toThrow(/certificateArn/);
    expect(() =>
      read({
        domainName: 'quiz.example.org',
        certificateArn: 'arn:aws:acm:ap-northeast-2:123456789012:certificate/abc',
      }),
    ).toThrow(/us-east-1/);
    expect(() => read({ mailFrom: 'not an address' })).toThrow(/mailFrom/);
    expect(() => read({ hostedZoneId: 'Z123' })).toThrow(/hostedZone/);
    expect(() => read({ alarmEmail: 'ops at example' })).toThrow(/alarmEmail/);
    expect(() => read({ tracingSampleRate: '5' })).toThrow(/tracingSampleRate/);
    expect(() => read({ tracingSampleRate: '-0.1' })).toThrow(/tracingSampleRate/);
    expect(() => read({ region: 'Seoul' })).toThrow(/region/);
    // The stages the pipeline deploys always have their WAF.
    expect(() => read({ stage: 'prod', waf: 'false' })).toThrow(/WAF/);
    expect(() => read({ stage: 'staging', waf: false })).toThrow(/WAF/);
    expect(read({ stage: 'dev', waf: 'false' }).waf).toBe(false);
  });
});
