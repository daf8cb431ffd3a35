import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { FILES_BUCKET } from '../definitions/buckets.js';
import { TABLES, tableName, type TableDefinition } from '../definitions/tables.js';

export interface DataProps {
  /** Physical name prefix, e.g. `quizbank-dev`. */
  namePrefix: string;
  /** Retain data on stack deletion (production). */
  retain: boolean;
}

/** What one function may touch; route groups and schedules both use this shape. */
export interface DataAccess {
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

  /** Grants exactly the declared access: read-only or read-write, tables including their indexes. */
  grant(grantee: IGrantable, access: DataAccess): void {
    const tableAccess: [TableDefinition['id'], DataAccess['ephemeralTable']][] = [
      ['app', access.appTable],
      ['ephemeral', access.ephemeralTable],
    ];
    for (const [id, level] of tableAccess) {
      if (level === 'read' || level === 'sessions') this.table(id).grantReadData(grantee);
      if (level === 'sessions') this.table(id).grant(grantee, 'dynamodb:UpdateItem');
      if (level === 'write') this.table(id).grantReadWriteData(grantee);
    }
    if (access.filesBucket === 'read') this.filesBucket.grantRead(grantee);
    if (access.filesBucket === 'write') this.filesBucket.grantReadWrite(grantee);
  }
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
