import { CfnResource, Fn, RemovalPolicy, Validations, type Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { CfnFunction, Function as LambdaFunction, Tracing } from 'aws-cdk-lib/aws-lambda';
import { CfnLogGroup, LogGroup } from 'aws-cdk-lib/aws-logs';
import { FUNCTION_LOG_RETENTION } from './app-function.js';

const XRAY_WRITE = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'];

/**
 * CDK's own deploy-time functions (the BucketDeployment handler, the S3 auto-delete provider) get
 * what AppFunction gives ours: X-Ray active tracing with its two write actions, and a log group
 * kept FUNCTION_LOG_RETENTION. Call it last in the stack, once every construct exists. Their log
 * groups are retained on delete, as CDK does for its own: the handler may still write while the
 * stack is being deleted, which would recreate a deleted group without retention.
 */
export function observeHelperFunctions(stack: Stack): void {
  const reason =
    'X-Ray accepts trace segments and telemetry on no resource narrower than *: the two xray:Put actions of active tracing on a CDK deploy-time function only.';
  const retentionDays = FUNCTION_LOG_RETENTION as number;
  for (const node of stack.node.findAll()) {
    if (node instanceof LambdaFunction) {
      const cfn = node.node.defaultChild as CfnFunction;
      if (cfn.tracingConfig) continue;
      cfn.tracingConfig = { mode: Tracing.ACTIVE };
      node.addToRolePolicy(new PolicyStatement({ actions: XRAY_WRITE, resources: ['*'] }));
      Validations.of(node).acknowledge({ id: 'AwsSolutions-IAM5[Resource::*]', reason });
      // The log group CDK makes for it (`@aws-cdk/aws-lambda:useCdkManagedLogGroup`): two years by default.
      const managed = node.node.tryFindChild('LogGroup');
      const logGroup = managed?.node.defaultChild;
      if (logGroup instanceof CfnLogGroup) logGroup.retentionInDays = retentionDays;
      else if (!cfn.loggingConfig) throw new Error(`${node.node.path}: a function without a log group of its own`);
    } else if (
      node instanceof CfnResource &&
      !(node instanceof CfnFunction) &&
      node.cfnResourceType === 'AWS::Lambda::Function'
    ) {
      // A CustomResourceProvider's handler: plain CloudFormation, its role a sibling `Role`.
      const provider = node.node.scope!;
      const role = provider.node.tryFindChild('Role');
      if (!(role instanceof CfnResource)) throw new Error(`${node.node.path}: no provider role to grant X-Ray to`);
      node.addPropertyOverride('TracingConfig', { Mode: 'Active' });
      role.addPropertyOverride('Policies', [
        {
          PolicyName: 'xray-write',
          PolicyDocument: {
            Version: '2012-10-17',
            Statement: [{ Effect: 'Allow', Action: XRAY_WRITE, Resource: '*' }],
          },
        },
      ]);
      new LogGroup(provider, 'Logs', {
        logGroupName: Fn.join('', ['/aws/lambda/', node.ref]),
        retention: FUNCTION_LOG_RETENTION,
        removalPolicy: RemovalPolicy.RETAIN,
      });
    }
  }
}
