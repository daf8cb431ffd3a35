import {
  ArnFormat,
  AssetHashType,
  DockerImage,
  Duration,
  RemovalPolicy,
  Stack,
  Tags,
  Validations,
  type ILocalBundling,
} from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Alias,
  Architecture,
  CfnFunction,
  Code,
  Function as LambdaFunction,
  ParamsAndSecretsLayerVersion,
  ParamsAndSecretsLogLevel,
  ParamsAndSecretsVersions,
  Runtime,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { LAMBDA_HANDLER, ROOT_DIR, buildLambdaAsset, lambdaArchitecture } from '../bundling.js';
import { BACKGROUND_TABLE_ACTIONS } from '../definitions/background-table-actions.js';
import { RESERVED_CONCURRENCY } from '../definitions/reserved-concurrency.js';
import type { Data, DataAccess } from './data.js';
import type { Mail } from './mail.js';
import { LIVE_ALIAS } from '#shared/live-alias.js';

/** Environment variables only the local tests set: the import image fetcher's test origins (D177, D351). */
export const LOCAL_ONLY_ENVIRONMENT = ['IMPORT_IMAGE_TEST_ORIGINS'] as const;

/** Tag on every application function; tests and operators tell them from CDK's helpers by it. */
export const FUNCTION_TAG = 'quizbank:function';

export interface AppFunctionProps {
  kind: 'route-group' | 'schedule' | 'worker';
  /** Route group, schedule or worker name. */
  name: string;
  /** Module path from the repository root; it exports `handler`. */
  entry: string;
  memoryMb: number;
  timeoutSeconds: number;
  access: DataAccess & { sendMail?: boolean; bedrock?: boolean };
  environment: Record<string, string>;
  /** With `access.bedrock`: the function gets BEDROCK_MODEL_ID and bedrock:InvokeModel on that model only. */
  bedrockModelId?: string;
  namePrefix: string;
  retainLogs: boolean;
  data: Data;
  mail: Mail;
  /** Asynchronous retries by Lambda (schedules). */
  retryAttempts?: number;
  /** The function starts background work by invoking itself asynchronously (D195). */
  invokesSelf?: boolean;
  /** Secrets it reads at run time through the Parameters and Secrets extension (functions/runtime/secrets.ts, D345). */
  secrets?: ISecret[];
  /** Reserved concurrency: a cap that also guarantees the function its share of the account (D346). */
  reservedConcurrency?: number;
}

/**
 * The newest Node.js Lambda runtime (cdk-nag L1). Bundles keep esbuild's `node22` target
 * (infra/bundling.ts), the syntax level the local Node 20/22 runs and the tests load them with.
 */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

export { LIVE_ALIAS };

/** Days every application function keeps its logs (tests assert it per function). */
export const FUNCTION_LOG_RETENTION = RetentionDays.ONE_MONTH;

/**
 * One Node.js Lambda (arm64; x86_64 for the fsrs-rs optimizer's functions, bundling.ts) bundled by local esbuild, with its log group, X-Ray active tracing and
 * exactly its grants.
 */
export class AppFunction extends Construct {
  readonly fn: LambdaFunction;
  /**
   * `live`, on the version this deploy published: what every caller invokes, so that CodeDeploy's
   * canary can move traffic to a new version gradually and back (D141).
   */
  readonly alias: Alias;
  readonly logGroup: LogGroup;
  readonly kind: AppFunctionProps['kind'];
  /** Route group, schedule or worker name (`job-…` for schedules). */
  readonly name: string;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.kind = props.kind;
    this.name = props.name;
    const entry = resolve(ROOT_DIR, props.entry);
    const bedrockModelId = props.access.bedrock ? props.bedrockModelId : undefined;
    if (!existsSync(entry))
      throw new Error(`${props.kind} ${props.name}: handler module ${props.entry} does not exist`);
    const logGroup = (this.logGroup = new LogGroup(this, 'Logs', {
      retention: FUNCTION_LOG_RETENTION,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    }));

    // Its own role instead of the managed AWSLambdaBasicExecutionRole (logs:* on every log group):
    // it may write to its own log group only.
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.kind} ${props.name}`,
    });
    logGroup.grantWrite(role);

    this.fn = new LambdaFunction(this, 'Function', {
      role,
      functionName: `${props.namePrefix}-${props.name}`,
      description: `${props.kind} ${props.name} (${props.entry})`,
      code: lambdaAsset(props.entry),
      handler: LAMBDA_HANDLER,
      runtime: LAMBDA_RUNTIME,
      // arm64, except the functions carrying the fsrs-rs optimizer's x64-only binary (bundling.ts).
      architecture: lambdaArchitecture(props.entry) === 'x86_64' ? Architecture.X86_64 : Architecture.ARM_64,
      memorySize: props.memoryMb,
      timeout: Duration.seconds(props.timeoutSeconds),
      logGroup,
      // X-Ray active tracing (D112): Lambda samples requests that arrive without a trace header
      // (one a second plus 5 %) and CDK grants the role xray:PutTraceSegments/PutTelemetryRecords.
      tracing: Tracing.ACTIVE,
      retryAttempts: props.retryAttempts,
      reservedConcurrentExecutions: props.reservedConcurrency ?? RESERVED_CONCURRENCY[props.name],
      // AWS's extension (a layer) serves Secrets Manager on localhost with its own cache (D345).
      ...(props.secrets?.length
        ? {
            paramsAndSecrets: ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103, {
              cacheEnabled: true,
              secretsManagerTtl: Duration.minutes(5),
              logLevel: ParamsAndSecretsLogLevel.WARN,
            }),
          }
        : {}),
      environment: {
        ...props.environment,
        ...(bedrockModelId ? { BEDROCK_MODEL_ID: bedrockModelId } : {}),
      },
    });
    Tags.of(this.fn).add(FUNCTION_TAG, `${props.kind}:${props.name}`);
    refuseLocalOnlyEnvironment(this, this.fn);
    if (props.invokesSelf) allowInvokingItsLiveAlias(role, props);
    this.alias = new Alias(this, 'Live', {
      aliasName: LIVE_ALIAS,
      version: this.fn.currentVersion,
      description: `${props.kind} ${props.name}: the version callers get`,
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray accepts trace segments and telemetry on no resource narrower than * (CDK grants the two xray:Put actions of active tracing only).',
    });

    const { sendMail, bedrock: _bedrock, ...dataAccess } = props.access;
    for (const secret of props.secrets ?? []) secret.grantRead(this.fn);
    props.data.grant(this.fn, { ...dataAccess, dynamo: dataAccess.dynamo ?? BACKGROUND_TABLE_ACTIONS[props.name] });
    if (sendMail) props.mail.grantSend(this.fn);
    if (bedrockModelId)
      this.fn.addToRolePolicy(
        new PolicyStatement({ actions: ['bedrock:InvokeModel'], resources: bedrockResources(this, bedrockModelId) }),
      );
  }
}

/**
 * The function's code: `infra/bundling.ts`'s split build (index.mjs + chunks/, D106) staged the way
 * NodejsFunction stages its one file — the project root as source, local bundling (no Docker; the
 * image is never pulled because `tryBundle` always builds), the asset hashed by its output. With
 * CDK's `aws:cdk:bundling-stacks: []` context nothing is built. NodejsFunction cannot split: it
 * always passes esbuild `--outfile`.
 */
export function lambdaAsset(entry: string): Code {
  return Code.fromAsset(ROOT_DIR, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: { image: DockerImage.fromRegistry('dummy'), local: new LocalEsbuild(entry) },
  });
}

/**
 * A class rather than an object literal because CDK caches staged assets by the JSON of their
 * bundling options, where a method does not show: `entry` must, or every function would get the
 * first one's bundle (and, unbundled, the same asset hash).
 */
class LocalEsbuild implements ILocalBundling {
  constructor(readonly entry: string) {}

  tryBundle(outputDir: string): boolean {
    buildLambdaAsset(this.entry, outputDir);
    return true;
  }
}

/** Cross-region inference profiles start with a geography (`us.`, `eu.`, `apac.`, `global.` …). */
const INFERENCE_PROFILE = /^([a-z]{2,6}(?:-[a-z]+)?)\.(.+)$/;

/**
 * The ARNs bedrock:InvokeModel (also what the Converse API needs) is granted on: the model
 * itself, or an inference profile in this region plus its foundation model in any region (the
 * profile routes requests across regions).
 */
export function bedrockResources(scope: Construct, modelId: string): string[] {
  if (modelId.startsWith('arn:')) return [modelId];
  const { partition, region, account } = Stack.of(scope);
  const profile = INFERENCE_PROFILE.exec(modelId);
  if (profile && profile[2]!.includes('.')) {
    return [
      `arn:${partition}:bedrock:${region}:${account}:inference-profile/${modelId}`,
      `arn:${partition}:bedrock:*::foundation-model/${profile[2]}`,
    ];
  }
  return [`arn:${partition}:bedrock:${region}::foundation-model/${modelId}`];
}

/**
 * Settings that lift a guard for the local tests (D351) can never reach a deployed function,
 * however they were added (here or later through addEnvironment): synthesis fails instead.
 */
function refuseLocalOnlyEnvironment(construct: Construct, fn: LambdaFunction): void {
  const cfn = fn.node.defaultChild as CfnFunction;
  construct.node.addValidation({
    validate: () => {
      const variables = (
        Stack.of(construct).resolve(cfn.environment) as { variables?: Record<string, unknown> } | undefined
      )?.variables;
      return LOCAL_ONLY_ENVIRONMENT.filter((name) => variables && name in variables).map(
        (name) => `${name} is for local tests only and may not be set on a deployed function (D351)`,
      );
    },
  });
}

/** A function with background work (D195) may invoke its own `live` alias. */
function allowInvokingItsLiveAlias(role: Role, props: AppFunctionProps): void {
  // By its fixed name rather than `this.fn.functionArn`, which would make the role depend on the function it serves.
  role.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['lambda:InvokeFunction'],
      resources: [
        Stack.of(role).formatArn({
          service: 'lambda',
          resource: 'function',
          // Its `live` alias: background work runs the version callers get, not $LATEST (D195).
          resourceName: `${props.namePrefix}-${props.name}:${LIVE_ALIAS}`,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
    }),
  );
}
