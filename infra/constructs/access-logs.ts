import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export interface AccessLogsProps {
  retain: boolean;
  /** Days a log object is kept. */
  expirationDays?: number;
}

/** Key prefixes of the log bucket, one per source. */
export const ACCESS_LOG_PREFIXES = {
  siteBucket: 's3/site/',
  filesBucket: 's3/files/',
  cloudFront: 'cloudfront/',
} as const;

/**
 * One bucket for the access logs of the site and files buckets (S3 server access logs) and of the
 * CloudFront distribution (standard logs), expired after a while.
 */
export class AccessLogs extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: AccessLogsProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      // CloudFront standard logs are delivered with an ACL grant, so ACLs stay enabled (owner preferred).
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      // Log delivery supports SSE-S3 only.
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [
        {
          id: 'expire-logs',
          expiration: Duration.days(props.expirationDays ?? 90),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.retain,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging its own access would log into itself without end.',
    });
  }
}
