import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_TAG, LIVE_ALIAS } from '../../infra/constructs/app-function.js';
import { latencyBudgetMs, RELEASE_ALARM_SPECS } from '../../infra/constructs/release-alarms.js';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE } from '#shared/domain/business-metrics.js';
import { ROUTE_GROUPS } from '#shared/routes-manifest.js';
import { synthesize } from './synth.js';

/** Ship (D141): every function behind `live`, moved by CodeDeploy's canary, rolled back by its alarm. */
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

  it('gives each alias a CodeDeploy group: canary 10 % for 5 minutes, rolled back on that function’s alarms', () => {
    const groups = ofType('AWS::CodeDeploy::DeploymentGroup');
    const functions = appFunctions();
    expect(groups).toHaveLength(functions.size);
    // Sheet groups get the heavier budget, everyday groups the tighter one.
    expect(ROUTE_GROUPS.map(latencyBudgetMs)).toEqual(expect.arrayContaining([3_000, 10_000]));
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
      // This function's own Errors alarm (the alias shares the function's metric).
      const byMetric = new Map(alarmNames.map((a) => [a.MetricName as string, a]));
      expect(byMetric.get('Errors')!.Dimensions, tag).toEqual([{ Name: 'FunctionName', Value: { Ref: fnId } }]);
      if (tag.startsWith('route-group:')) {
        // What users see (D341): its 5xx answers, which Lambda's Errors never counts, and its p90 latency.
        const group = ROUTE_GROUPS.find((g) => `route-group:${g.name}` === tag)!;
        expect([...byMetric.keys()].sort(), tag).toEqual(['Duration', 'Errors', METRIC.serverErrors]);
        const serverErrors = byMetric.get(METRIC.serverErrors)!;
        expect(serverErrors.Namespace, tag).toBe(METRICS_NAMESPACE);
        expect(serverErrors.Dimensions, tag).toEqual(
          expect.arrayContaining([
            { Name: 'group', Value: group.name },
            { Name: 'stage', Value: 'dev' },
            { Name: 'service', Value: METRICS_SERVICE },
          ]),
        );
        expect(serverErrors.Period, tag).toBe(60);
        expect(serverErrors.Threshold, tag).toBe(RELEASE_ALARM_SPECS.groupServerErrors.threshold);
        const latency = byMetric.get('Duration')!;
        expect(latency.ExtendedStatistic, tag).toBe('p90');
        expect(latency.Dimensions, tag).toEqual([{ Name: 'FunctionName', Value: { Ref: fnId } }]);
        expect(latency.Threshold, tag).toBe(latencyBudgetMs(group));
        // Both notify the alarm topic like every other alarm.
        for (const alarm of [serverErrors, latency]) expect(alarm.AlarmActions, tag).toHaveLength(1);
      } else expect([...byMetric.keys()], tag).toEqual(['Errors']);
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
