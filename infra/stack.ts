import { Annotations, CfnOutput, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { FALLBACK_GROUP, ROUTE_GROUPS, type RouteGroup } from '../shared/routes-manifest.js';
import { Api } from './constructs/api.js';
import { AppFunction } from './constructs/app-function.js';
import { Data } from './constructs/data.js';
import { Mail } from './constructs/mail.js';
import { Schedules } from './constructs/schedules.js';
import { Site } from './constructs/site.js';
import { FILES_BUCKET } from './definitions/buckets.js';
import { SCHEDULES, type ScheduleDefinition } from './definitions/schedules.js';
import { TABLES } from './definitions/tables.js';
import { isProduction, type StackSettings } from './settings.js';

export interface QuizbankStackProps extends StackProps {
  settings: StackSettings;
  /** The built web app to deploy (web/dist; tests pass a tiny directory). */
  siteAssetPath: string;
  /** Defaults to the manifest; tests may pass extra groups to check the stack follows it. */
  routeGroups?: RouteGroup[];
  fallbackGroup?: string;
  schedules?: ScheduleDefinition[];
}

/** Stage-wide API Gateway throttling (the account limit is far higher; this caps runaway clients). */
const API_THROTTLE = { rateLimit: 200, burstLimit: 400 };
/** Jobs have no memory setting in their definition. */
const JOB_MEMORY_MB = 512;

/**
 * The whole application in AWS, built from the same definitions the local cloud uses:
 * routes-manifest (API + Lambdas), definitions/tables, definitions/buckets, definitions/schedules.
 */
export class QuizbankStack extends Stack {
  readonly data: Data;
  readonly mail: Mail;
  readonly api: Api;
  readonly site: Site;
  readonly jobs: Schedules;

  constructor(scope: Construct, id: string, props: QuizbankStackProps) {
    super(scope, id, props);
    const { settings } = props;
    const prod = isProduction(settings);
    const namePrefix = `quizbank-${settings.stage}`;
    Tags.of(this).add('app', 'quizbank');
    Tags.of(this).add('stage', settings.stage);

    if (/@?example\.(com|org|net)$/.test(settings.mailFrom)) {
      Annotations.of(this).addWarningV2(
        'quizbank:mailFrom',
        `mailFrom is the placeholder ${settings.mailFrom}; deploy with -c mailFrom=<your address or domain>`,
      );
    }
    if (settings.seedDemo) {
      Annotations.of(this).addWarningV2('quizbank:seedDemo', 'seedDemo is not wired into the stack yet; seed with the scripts instead');
    }

    const hostedZone =
      settings.hostedZoneId && settings.hostedZoneName ? { id: settings.hostedZoneId, name: settings.hostedZoneName } : undefined;

    this.data = new Data(this, 'Data', { namePrefix, retain: prod });
    this.mail = new Mail(this, 'Mail', { namePrefix, mailFrom: settings.mailFrom, sandbox: settings.sesSandbox, hostedZone });
    this.api = new Api(this, 'Api', { namePrefix, retainLogs: prod, throttle: API_THROTTLE });
    this.site = new Site(this, 'Site', {
      retain: prod,
      apiOriginDomainName: this.api.originDomainName,
      siteAssetPath: props.siteAssetPath,
      domainName: settings.domainName,
      certificateArn: settings.certificateArn,
      hostedZone,
    });
    this.data.allowBrowserUploadsFrom(this.site.origin);

    // Every function gets the same names (config.ts); what it may do is decided by its grants.
    const environment: Record<string, string> = {
      STAGE: settings.stage,
      APP_ORIGIN: this.site.origin,
      COOKIE_SECURE: 'true',
      [FILES_BUCKET.envVar]: this.data.filesBucket.bucketName,
      MAIL_FROM: this.mail.fromAddress,
      SES_CONFIGURATION_SET: this.mail.configurationSet.configurationSetName,
      ...Object.fromEntries(TABLES.map((t) => [t.envVar, this.data.table(t.id).tableName])),
      ...(settings.googleClientId ? { GOOGLE_CLIENT_ID: settings.googleClientId } : {}),
    };
    const common = { environment, namePrefix, retainLogs: prod, data: this.data, mail: this.mail, bedrockModelId: settings.bedrockModelId };

    this.api.addRouteGroups(props.routeGroups ?? ROUTE_GROUPS, props.fallbackGroup ?? FALLBACK_GROUP, (group) =>
      new AppFunction(this.api, `${group.name}Group`, {
        ...common,
        kind: 'route-group',
        name: group.name,
        entry: group.handler,
        memoryMb: group.memoryMb,
        timeoutSeconds: group.timeoutSeconds,
        access: group.access,
      }),
    );

    this.jobs = new Schedules(this, 'Jobs', {
      namePrefix,
      schedules: props.schedules ?? SCHEDULES,
      createFunction: (def) =>
        new AppFunction(this, `${def.name}Job`, {
          ...common,
          kind: 'schedule',
          name: `job-${def.name}`,
          entry: def.handler,
          memoryMb: JOB_MEMORY_MB,
          timeoutSeconds: def.timeoutSeconds,
          access: def.access,
          // Lambda's own async retries could send the daily mail twice; a failed run waits a day.
          retryAttempts: 0,
        }),
    });

    new CfnOutput(this, 'SiteUrl', { value: this.site.origin, description: 'The app' });
    new CfnOutput(this, 'DistributionDomainName', { value: this.site.distribution.distributionDomainName });
    new CfnOutput(this, 'DistributionId', { value: this.site.distribution.distributionId });
    new CfnOutput(this, 'ApiUrl', { value: this.api.httpApi.apiEndpoint, description: 'The HTTP API directly (the site proxies /api/* and /s/*)' });
    for (const t of TABLES) {
      const logicalName = `${t.id.charAt(0).toUpperCase()}${t.id.slice(1)}TableName`;
      new CfnOutput(this, logicalName, { value: this.data.table(t.id).tableName, description: t.envVar });
    }
    new CfnOutput(this, 'FilesBucketName', { value: this.data.filesBucket.bucketName, description: FILES_BUCKET.envVar });
    new CfnOutput(this, 'SiteBucketName', { value: this.site.bucket.bucketName });
    new CfnOutput(this, 'MailFrom', { value: this.mail.fromAddress });
    new CfnOutput(this, 'SesConfigurationSet', { value: this.mail.configurationSet.configurationSetName });
    if (this.mail.isDomainIdentity && !hostedZone) {
      this.mail.identity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `DkimRecord${i + 1}`, { value: `${record.name} CNAME ${record.value}`, description: 'Add to DNS to verify the SES domain' });
      });
    }
  }
}
