import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_TAG, LIVE_ALIAS } from '../../infra/constructs/app-function.js';
import { synthesize } from './synth.js';

/** Issue 27 "Ship" (D141): every function behind `live`, moved by CodeDeploy's canary, rolled back by its alarm. */
type Resource = {
  Type: string;
  Properties: Record<string, any>;
  UpdatePolicy?: Record<string, any>;
};
let resources: Record<string, Resource>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

/** Application functions (tagged), by tag. */
function appFunctions(): Map<string, string> {
  const found = new Map<string, string>();
  for (const [id, fn] of ofType('AWS::Lambda::Function')) {
    const tag = (fn.Properties.Tags as { Key: string; Value: string }[] | undefined)?.find(
      (t) => t.Key === FUNCTION_TAG,
    );
    if (tag) found.set(tag.Value, id);
  }
  return found;
}

beforeAll(() => {
  const { template, operations } = synthesize();
  // The deployment groups live in the nested operations stack (D173).
  resources = {
    ...(template.toJSON().Resources as Record<string, Resource>),
    ...(operations.toJSON().Resources as Record<string, Resource>),
  };
});

describe('gradual traffic (D141)', () => {
  it('publishes every application function behind a live alias on its current version', () => {
    const functions = appFunctions();
    expect(functions.size).toBeGreaterThan(10);
    for (const [tag, fnId] of functions) {
      const aliases = ofType('AWS::Lambda::Alias').filter(
        ([, a]) => JSON.stringify(a.Properties.FunctionName) === JSON.stringify({ Ref: fnId }),
      );
      expect(aliases, tag).toHaveLength(1);
      const alias = aliases[0]![1];
      expect(alias.Properties.Name, tag).toBe(LIVE_ALIAS);
      const versionId = alias.Properties.FunctionVersion['Fn::GetAtt'][0] as string;
      expect(resources[versionId]!.Type, tag).toBe('AWS::Lambda::Version');
      expect(resources[versionId]!.Properties.FunctionName, tag).toEqual({ Ref: fnId });
    }
  });

  it('gives each alias a CodeDeploy group: canary 10 % for 5 minutes, rolled back on that function’s Errors alarm', () => {
    const groups = ofType('AWS::CodeDeploy::DeploymentGroup');
    const functions = appFunctions();
    expect(groups).toHaveLength(functions.size);
    const alarms = new Map(ofType('AWS::CloudWatch::Alarm').map(([id, a]) => [id, a.Properties]));
    for (const [tag, fnId] of functions) {
      const [aliasId, alias] = ofType('AWS::Lambda::Alias').find(
        ([, a]) => JSON.stringify(a.Properties.FunctionName) === JSON.stringify({ Ref: fnId }),
      )!;
      // CloudFormation hands the alias's version change to CodeDeploy through the update policy.
      const update = alias.UpdatePolicy?.CodeDeployLambdaAliasUpdate;
      expect(update, tag).toBeDefined();
      const [, group] = groups.find(([id]) => update.DeploymentGroupName.Ref === id)!;
      expect(group.Properties.DeploymentConfigName, tag).toBe('CodeDeployDefault.LambdaCanary10Percent5Minutes');
      expect(group.Properties.AutoRollbackConfiguration, tag).toEqual({
        Enabled: true,
        Events: ['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_REQUEST', 'DEPLOYMENT_STOP_ON_ALARM'],
      });
      expect(group.Properties.AlarmConfiguration.Enabled, tag).toBe(true);
      const alarmNames = (group.Properties.AlarmConfiguration.Alarms as { Name: { Ref: string } }[]).map((a) =>
        alarms.get(a.Name.Ref)!,
      );
      expect(alarmNames, tag).toHaveLength(1);
      // The alarm is this function's own Errors alarm (the alias shares the function's metric).
      expect(alarmNames[0]!.MetricName, tag).toBe('Errors');
      expect(alarmNames[0]!.Dimensions, tag).toEqual([{ Name: 'FunctionName', Value: { Ref: fnId } }]);
      expect(aliasId).toBeTruthy();
    }
  });

  it('has API Gateway, the schedules, the state machine and SNS invoke aliases, never a bare function', () => {
    const aliasIds = new Set(ofType('AWS::Lambda::Alias').map(([id]) => id));
    for (const [id, integration] of ofType('AWS::ApiGatewayV2::Integration'))
      expect(aliasIds.has(integration.Properties.IntegrationUri.Ref), id).toBe(true);
    for (const [id, schedule] of ofType('AWS::Scheduler::Schedule')) {
      const target = schedule.Properties.Target.Arn as { Ref: string };
      expect(aliasIds.has(target.Ref) || resources[target.Ref]!.Type === 'AWS::StepFunctions::StateMachine', id).toBe(
        true,
      );
    }
    const definition = JSON.stringify(ofType('AWS::StepFunctions::StateMachine')[0]![1].Properties.DefinitionString);
    for (const [tag, fnId] of appFunctions()) {
      // Only the state machine's own functions appear there, and only as aliases.
      if (definition.includes(`"${fnId}"`)) throw new Error(`${tag} is invoked as a bare function`);
    }
    for (const [id, permission] of ofType('AWS::Lambda::Permission')) {
      if (!['apigateway.amazonaws.com', 'sns.amazonaws.com'].includes(permission.Properties.Principal)) continue;
      expect(aliasIds.has(permission.Properties.FunctionName.Ref), id).toBe(true);
    }
  });
});
