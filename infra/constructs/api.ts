import { Fn, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  PayloadFormatVersion,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routeKey } from '#shared/contracts/define-route.js';
import type { RouteGroup } from '#shared/routes-manifest.js';
import type { AppFunction } from './app-function.js';

export interface ApiProps {
  namePrefix: string;
  retainLogs: boolean;
  /** Stage-wide default for every route. */
  throttle: ThrottleSettings;
}

/**
 * The HTTP API: one Lambda integration per route group, one route per manifest route (method and
 * path as `routeKey` gives them, `{name}` parameters as declared) and
 * `$default` to the fallback group.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** `abc123.execute-api.<region>.amazonaws.com`: the CloudFront origin. */
  readonly originDomainName: string;
  readonly functions = new Map<string, AppFunction>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: props.namePrefix,
      description: 'Quizbank API (served under /api/* and /s/* by CloudFront)',
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    Validations.of(this).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Routes are public by design (sign-in, registration, public exams); the functions check the session ' +
        'cookie and the route access level of the manifest themselves (createGroupHandler), and refuse ' +
        'requests that did not come through CloudFront (origin header).',
    });

    // https://abc123.execute-api.region.amazonaws.com → abc123.execute-api.region.amazonaws.com
    this.originDomainName = Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));
  }

  /** Wires every group of the manifest; `createFunction` builds the group's Lambda. */
  addRouteGroups(
    groups: RouteGroup[],
    fallbackGroup: string,
    createFunction: (group: RouteGroup) => AppFunction,
  ): void {
    if (!groups.some((g) => g.name === fallbackGroup))
      throw new Error(`fallback group ${fallbackGroup} is not in the manifest`);
    const seen = new Map<string, string>();

    for (const group of groups) {
      if (this.functions.has(group.name)) throw new Error(`route group ${group.name} is declared twice`);
      const appFunction = createFunction(group);
      this.functions.set(group.name, appFunction);
      const integration = new HttpLambdaIntegration(`${group.name}Integration`, appFunction.alias, {
        payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
        // One invoke permission per function rather than per route keeps the Lambda policy small.
        scopePermissionToRoute: false,
      });

      for (const route of group.routes) {
        // routeKey drops the original client's trailing slash: HTTP APIs refuse it and match with or without.
        const key = routeKey(route);
        const owner = seen.get(key);
        if (owner) throw new Error(`route ${key} is declared by both ${owner} and ${group.name}`);
        seen.set(key, group.name);
        const path = key.slice(key.indexOf(' ') + 1);
        new HttpRoute(this, `Route ${key.replaceAll('/', '|')}`, {
          httpApi: this.httpApi,
          routeKey: HttpRouteKey.with(path, HttpMethod[route.method]),
          integration,
        });
      }
      if (group.name === fallbackGroup) {
        new HttpRoute(this, 'Route $default', { httpApi: this.httpApi, routeKey: HttpRouteKey.DEFAULT, integration });
      }
    }
  }
}
