import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import * as auth from '#shared/contracts/auth.js';

/** Requests per 5 minutes one address may send to the sign-in routes before WAF blocks it. */
export const SIGN_IN_RATE_LIMIT = 100;

/** The routes that take a password or start a session: the targets of credential stuffing. */
export const SIGN_IN_PATHS = [auth.login.path, auth.register.path, auth.googleSignIn.path];

export interface SignInWafStackProps extends StackProps {
  namePrefix: string;
}

/**
 * The optional WAF of the site (`-c waf=true`). A CloudFront web ACL must live in us-east-1, so
 * this is its own stack there; the main stack attaches it by a cross-region reference. One rule:
 * a per-address rate limit on the sign-in routes (the functions' own login throttles stay).
 */
export class SignInWafStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: SignInWafStackProps) {
    super(scope, id, props);
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${props.namePrefix}-site`,
      description: 'Quizbank: rate limit on the sign-in routes',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${props.namePrefix}-site`),
      rules: [
        {
          name: 'sign-in-rate-limit',
          priority: 0,
          action: { block: {} },
          visibilityConfig: visibility(`${props.namePrefix}-sign-in-rate`),
          statement: {
            rateBasedStatement: {
              limit: SIGN_IN_RATE_LIMIT,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                orStatement: {
                  statements: SIGN_IN_PATHS.map((path) => ({
                    byteMatchStatement: {
                      fieldToMatch: { uriPath: {} },
                      // With or without the trailing slash (API Gateway matches both).
                      positionalConstraint: 'STARTS_WITH',
                      searchString: path.replace(/\/$/, ''),
                      textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                    },
                  })),
                },
              },
            },
          },
        },
      ],
    });
  }
}
