import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
  type CfnBucket,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { FILES_BUCKET } from '../definitions/buckets.js';
import { ACCESS_LOG_PREFIXES } from './access-logs.js';
import { TABLES, tableName, type TableDefinition } from '../definitions/tables.js';
import { READ_ACTIONS, TABLE_ACTIONS, type TableAction } from '#shared/table-actions.js';

export interface DataProps {
  /** Physical name prefix, e.g. `quizbank-dev`. */
  namePrefix: string;
  /** Retain data on stack deletion (production). */
  retain: boolean;
  /** Where the files bucket's server access logs go. */
  accessLogs: IBucket;
}

/** What one function may touch; route groups and schedules both use this shape. */
export interface DataAccess {
  /**
   * The DynamoDB actions its code calls (a route group's `dynamo`, BACKGROUND_TABLE_ACTIONS for the
   * rest): each table gets these, limited by its level. Unset: the level's whole set (D344).
   */
  dynamo?: readonly TableAction[];
  appTable?: 'read' | 'write';
  /** `sessions`: read, plus UpdateItem for the hourly lastSeenAt touch of the HTTP runtime. */
  ephemeralTable?: 'sessions' | 'read' | 'write';
  filesBucket?: 'read' | 'write';
}

/** The DynamoDB tables of infra/definitions/tables.ts and the question-files bucket. */
export class Data extends Construct {
  readonly tables = new Map<TableDefinition['id'], TableV2>();
  readonly filesBucket: Bucket;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const removalPolicy = props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    for (const def of TABLES) {
      const key = (name: string) => ({ name, type: AttributeType.STRING });
      const table = new TableV2(this, `${capitalize(def.id)}Table`, {
        tableName: tableName(props.namePrefix, def),
        partitionKey: key(def.partitionKey),
        sortKey: key(def.sortKey),
        billing: Billing.onDemand(),
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        timeToLiveAttribute: def.ttlAttribute,
        globalSecondaryIndexes: def.globalIndexes.map((g) => ({
          indexName: g.name,
          partitionKey: key(g.partitionKey),
          sortKey: key(g.sortKey),
          projectionType: ProjectionType.ALL,
        })),
        deletionProtection: props.retain,
        removalPolicy,
      });
      this.tables.set(def.id, table);
    }

    this.filesBucket = new Bucket(this, 'FilesBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: ACCESS_LOG_PREFIXES.filesBucket,
      lifecycleRules: [
        {
          id: 'expire-abandoned-uploads',
          prefix: FILES_BUCKET.pendingUploadPrefix,
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
        {
          id: 'expire-old-versions',
          noncurrentVersionExpiration: Duration.days(30),
          expiredObjectDeleteMarker: true,
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy,
      autoDeleteObjects: !props.retain,
    });
  }

  table(id: TableDefinition['id']): TableV2 {
    const table = this.tables.get(id);
    if (!table) throw new Error(`no table ${id}`);
    return table;
  }

  /** Browsers upload with presigned PUTs from the site, so the bucket allows that origin. */
  allowBrowserUploadsFrom(origin: string): void {
    const c = FILES_BUCKET.cors;
    this.filesBucket.addCorsRule({
      allowedOrigins: [origin],
      allowedMethods: c.allowedMethods.map((m) => HttpMethods[m]),
      allowedHeaders: [...c.allowedHeaders],
      exposedHeaders: [...c.exposedHeaders],
      maxAge: c.maxAgeSeconds,
    });
  }

  /**
   * Grants exactly the declared access: the declared DynamoDB actions the table's level allows
   * (never Scan or DescribeTable), on each table and its indexes by name (no `index/*`), and on the files bucket's objects with named actions (no `s3:GetObject*`).
   */
  grant(grantee: IGrantable, access: DataAccess): void {
    const tableAccess: [TableDefinition['id'], DataAccess['ephemeralTable']][] = [
      ['app', access.appTable],
      ['ephemeral', access.ephemeralTable],
    ];
    for (const [id, level] of tableAccess) {
      if (!level) continue;
      const allowed: readonly TableAction[] =
        level === 'write' ? TABLE_ACTIONS : level === 'sessions' ? [...READ_ACTIONS, 'UpdateItem'] : READ_ACTIONS;
      const declared = access.dynamo ?? TABLE_ACTIONS;
      const actions = allowed.filter((a) => declared.includes(a)).map((a) => `dynamodb:${a}`);
      if (actions.length === 0) continue;
      const table = this.table(id);
      const indexes = TABLES.find((t) => t.id === id)!.globalIndexes.map((g) => `${table.tableArn}/index/${g.name}`);
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({ actions, resources: [table.tableArn, ...indexes] }),
      );
    }
    if (access.filesBucket) {
      const bucket = this.filesBucket;
      const objectActions = access.filesBucket === 'write' ? [...OBJECT_READ, ...OBJECT_WRITE] : OBJECT_READ;
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({ actions: objectActions, resources: [bucket.arnForObjects('*')] }),
      );
      // Without ListBucket a missing key answers 403 instead of 404 (NoSuchKey).
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }),
      );
      const bucketId = Stack.of(this).resolve((bucket.node.defaultChild as CfnBucket).logicalId) as string;
      // On the role, which holds the policy (the grantee's principal is its role).
      const principal = grantee.grantPrincipal;
      if (Construct.isConstruct(principal))
        Validations.of(principal).acknowledge({
          id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/*]`,
          reason:
            'Object keys are server-generated ids under per-user prefixes that the function checks itself; ' +
            'the grant is on the one files bucket and only the object actions this function needs.',
        });
    }
  }
}

/** GetObject also covers HeadObject and the source side of CopyObject. */
const OBJECT_READ = ['s3:GetObject'];
const OBJECT_WRITE = ['s3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'];

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
