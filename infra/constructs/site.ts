import { Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { ARecord, AaaaRecord, PublicHostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  ObjectOwnership,
  type CfnBucket,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '#shared/domain/origin-verify.js';
import { contentSecurityPolicy } from '../definitions/content-security-policy.js';
import { ACCESS_LOG_PREFIXES } from './access-logs.js';

/** Paths CloudFront sends to the HTTP API instead of the site bucket. */
export const API_PATH_PATTERNS = ['/api/*', '/s/*'] as const;
/**
 * Question images (D137, D181): the same API, but cached at the edge by the path alone when the
 * answer says `public` (a public exam's image); a private one answers `private, no-store`, which
 * CloudFront does not store. Listed before `/api/*` so it matches first. Uploads (POST) pass uncached.
 */
export const IMAGE_PATH_PATTERN = '/api/exam/*/images/*';

export interface SiteProps {
  retain: boolean;
  /** Host name of the HTTP API endpoint. */
  apiOriginDomainName: string;
  /** Value of the secret origin header CloudFront adds to every API request (a deploy-time reference). */
  originVerifyValue: string;
  /** The built single-page app (web/dist). */
  siteAssetPath: string;
  /** The files bucket's origin, which the browser PUTs question files to (presigned): the CSP's connect-src. */
  uploadOrigin: string;
  /** Where the site bucket's and CloudFront's access logs go. */
  accessLogs: IBucket;
  /** A CloudFront-scoped WAF web ACL (us-east-1) to attach, if any. */
  webAclArn?: string;
  domainName?: string;
  certificateArn?: string;
  hostedZone?: { id: string; name: string };
}

/**
 * Rewrites client-side routes (no file extension in the last segment) to /index.html. Attached
 * to the site behaviour only, so API answers, including API 404s, pass through untouched.
 */
const SPA_REWRITE = `
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
`;

/**
 * Behind CloudFront, API Gateway's `sourceIp` is the edge server, not the visitor. This sets
 * VIEWER_IP_HEADER to the visitor's address on every API request (overwriting anything the client
 * sent), so per-address throttles count visitors rather than CloudFront edges. It also copies the
 * viewer's Host to VIEWER_HOST_HEADER (the origin request carries the API's Host), which decides
 * the special-domain default tag (docs/product.md#languages-and-hosts).
 */
export const VIEWER_IP_HEADER = 'x-viewer-ip';
export const VIEWER_HOST_HEADER = 'x-viewer-host';
const VIEWER_IP = `
function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  var host = request.headers.host ? request.headers.host.value : '';
  request.headers['${VIEWER_HOST_HEADER}'] = { value: host };
  return request;
}
`;

/** The CDK asset bucket's objects as cdk-nag prints them (placeholders unless the stack has an env). */
function cdkAssetObjects(stack: Stack): string {
  const literal = (value: string, placeholder: string) => (Token.isUnresolved(value) ? placeholder : value);
  const partition = literal(stack.partition, '<AWS::Partition>');
  return `arn:${partition}:s3:::cdk-hnb659fds-assets-${literal(stack.account, '<AWS::AccountId>')}-${literal(stack.region, '<AWS::Region>')}/*`;
}

/** The private site bucket behind CloudFront, with the API under /api/* and /s/*. */
export class Site extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** `https://` + custom domain, or the distribution domain. */
  readonly origin: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.retain,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: ACCESS_LOG_PREFIXES.siteBucket,
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves index.html for client-side routes',
      code: FunctionCode.fromInline(SPA_REWRITE),
    });

    const { apiBehavior, imageBehavior } = this.apiBehaviors(props);

    const siteHeaders = this.siteHeaders(props);

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Quizbank site and API',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: ACCESS_LOG_PREFIXES.cloudFront,
      webAclId: props.webAclArn,
      // Only settable with a custom certificate (the default *.cloudfront.net one has a fixed policy).
      ...(props.domainName && props.certificateArn
        ? {
            domainNames: [props.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: siteHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        [IMAGE_PATH_PATTERN]: imageBehavior,
        ...Object.fromEntries(API_PATH_PATTERNS.map((pattern) => [pattern, apiBehavior])),
      },
    });

    this.origin = `https://${props.domainName ?? this.distribution.distributionDomainName}`;

    this.aliasRecords(props);
    this.deploySite(props);
    this.acknowledgeFindings(props);
  }

  /** The API's behaviour (no caching, the viewer's address passed on) and the images' (cached by the origin's word). */
  private apiBehaviors(props: SiteProps): { apiBehavior: BehaviorOptions; imageBehavior: BehaviorOptions } {
    const viewerIp = new CloudFrontFunction(this, 'ViewerIp', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Passes the visitor address to the API',
      code: FunctionCode.fromInline(VIEWER_IP),
    });

    const apiBehavior: BehaviorOptions = {
      origin: new HttpOrigin(props.apiOriginDomainName, {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        readTimeout: Duration.seconds(30),
        // Replaces any value a viewer sends; the functions refuse requests without it.
        customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifyValue },
      }),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      // Cookies, query strings and headers reach the API; Host must be the API's own.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      functionAssociations: [{ function: viewerIp, eventType: FunctionEventType.VIEWER_REQUEST }],
      compress: true,
    };

    // The origin's Cache-Control decides (min TTL 0, so `private`/`no-store` answers are never stored);
    // the cache key is the path alone, so one cached copy serves every viewer of a public image. Cookies
    // still reach the API (origin request policy) for the private read check.
    const imageCache = new CachePolicy(this, 'ImageCache', {
      comment: 'Question images: the origin Cache-Control, keyed by path only',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      cookieBehavior: CacheCookieBehavior.none(),
      headerBehavior: CacheHeaderBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.none(),
    });
    const imageBehavior: BehaviorOptions = { ...apiBehavior, cachePolicy: imageCache, compress: false };
    return { apiBehavior, imageBehavior };
  }

  private siteHeaders(props: SiteProps): ResponseHeadersPolicy {
    // The managed SecurityHeadersPolicy's headers plus the app's Content-Security-Policy (D182).
    return new ResponseHeadersPolicy(this, 'SiteHeaders', {
      comment: 'Security headers and the Content-Security-Policy of the web app',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props.uploadOrigin), override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), override: true },
        xssProtection: { protection: true, modeBlock: true, override: true },
      },
    });
  }

  /** The custom domain's A and AAAA alias records, when its hosted zone is given. */
  private aliasRecords(props: SiteProps): void {
    if (props.domainName && props.hostedZone) {
      const zone = PublicHostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: props.hostedZone.id,
        zoneName: props.hostedZone.name,
      });
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      new ARecord(this, 'AliasA', { zone, recordName: props.domainName, target });
      new AaaaRecord(this, 'AliasAaaa', { zone, recordName: props.domainName, target });
    }
  }

  private deploySite(props: SiteProps): void {
    // Hashed build output first, kept for a year and never pruned, so tabs still running the
    // previous version can lazy-load their chunks after a deploy.
    const source = Source.asset(props.siteAssetPath);
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [source],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
      memoryLimit: 512,
    });
    // Then index.html and the unhashed public files, revalidated on every load.
    const pages = new BucketDeployment(this, 'DeployPages', {
      sources: [source],
      destinationBucket: this.bucket,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.setPublic(), CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    pages.node.addDependency(assets);
  }

  /** cdk-nag findings on this construct that are accepted, each with its reason (decision log). */
  private acknowledgeFindings(props: SiteProps): void {
    const distribution = Validations.of(this.distribution);
    distribution.acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'The app serves Korean and English learners wherever they are; no country is to be blocked.',
    });
    if (!props.webAclArn) {
      distribution.acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'WAF is optional (-c waf=true adds a rate rule on the sign-in routes); without it, API Gateway stage ' +
          'throttling and the per-user and per-address login throttles of the functions limit abuse.',
      });
    }
    if (!props.certificateArn) {
      distribution.acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose ' +
          'security policy CloudFront fixes; with -c domainName/certificateArn it uses TLSv1.2_2021.',
      });
    }

    // CDK's shared BucketDeployment handler (one per stack and memory size) copies the built site.
    const stack = Stack.of(this);
    const siteBucketId = stack.resolve((this.bucket.node.defaultChild as CfnBucket).logicalId) as string;
    const handlers = stack.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    const reason =
      "CDK's BucketDeployment handler, which runs only during deployments: it reads the CDK asset bucket " +
      'and writes, lists and deletes objects of the site bucket, and invalidates the distribution.';
    for (const handler of handlers) {
      for (const id of [
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'AwsSolutions-IAM5[Action::s3:GetBucket*]',
        'AwsSolutions-IAM5[Action::s3:GetObject*]',
        'AwsSolutions-IAM5[Action::s3:List*]',
        'AwsSolutions-IAM5[Action::s3:Abort*]',
        'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
        `AwsSolutions-IAM5[Resource::${cdkAssetObjects(stack)}]`,
        `AwsSolutions-IAM5[Resource::<${siteBucketId}.Arn>/*]`,
        'AwsSolutions-IAM5[Resource::*]',
      ]) {
        Validations.of(handler).acknowledge({ id, reason });
      }
      Validations.of(handler).acknowledge({
        id: 'AwsSolutions-L1',
        reason: "The runtime of CDK's own BucketDeployment handler is chosen by aws-cdk-lib, not by this stack.",
      });
    }
  }
}
