import { Duration, RemovalPolicy, Tags } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT_DIR, nodejsBundling } from '../bundling.js';
import type { Data, DataAccess } from './data.js';
import type { Mail } from './mail.js';

/** Tag on every application function; tests and operators tell them from CDK's helpers by it. */
export const FUNCTION_TAG = 'quizbank:function';

export interface AppFunctionProps {
  kind: 'route-group' | 'schedule';
  /** Route group or schedule name. */
  name: string;
  /** Module path from the repository root; it exports `handler`. */
  entry: string;
  memoryMb: number;
  timeoutSeconds: number;
  access: DataAccess & { sendMail?: boolean };
  environment: Record<string, string>;
  namePrefix: string;
  retainLogs: boolean;
  data: Data;
  mail: Mail;
  /** Asynchronous retries by Lambda (schedules). */
  retryAttempts?: number;
}

/** One Node.js 22 arm64 Lambda bundled by local esbuild, with its log group and exactly its grants. */
export class AppFunction extends Construct {
  readonly fn: NodejsFunction;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const entry = resolve(ROOT_DIR, props.entry);
    if (!existsSync(entry)) throw new Error(`${props.kind} ${props.name}: handler module ${props.entry} does not exist`);
    const logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    this.fn = new NodejsFunction(this, 'Function', {
      functionName: `${props.namePrefix}-${props.name}`,
      description: `${props.kind} ${props.name} (${props.entry})`,
      entry,
      handler: 'handler',
      projectRoot: ROOT_DIR,
      depsLockFilePath: resolve(ROOT_DIR, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMb,
      timeout: Duration.seconds(props.timeoutSeconds),
      logGroup,
      retryAttempts: props.retryAttempts,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      bundling: nodejsBundling(),
    });
    Tags.of(this.fn).add(FUNCTION_TAG, `${props.kind}:${props.name}`);

    const { sendMail, ...dataAccess } = props.access;
    props.data.grant(this.fn, dataAccess);
    if (sendMail) props.mail.grantSend(this.fn);
  }
}
