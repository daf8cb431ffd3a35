import type { App } from 'aws-cdk-lib';
import { PIPELINE_STAGES, type StackSettings } from './settings.js';
import { SignInWafStack } from './sign-in-waf-stack.js';
import { QuizbankStack, type QuizbankStackProps } from './stack.js';

export interface StageStacks {
  main: QuizbankStack;
  /** The stage's web ACL in us-east-1; absent only for a stage the pipeline does not deploy (no region, or waf=false). */
  waf?: SignInWafStack;
}

/**
 * A stage's stacks as infra/app.ts builds them (the infra tests build the same): the main stack and,
 * with the WAF on, a us-east-1 stack holding the CloudFront web ACL. The cross-region reference
 * needs both stacks' regions at synth, never the account, so CI synthesises offline and every
 * deployed stage has its WAF (D341). A stage the pipeline deploys without a region is refused.
 */
export function addStageStacks(
  app: App,
  settings: StackSettings,
  props: Omit<QuizbankStackProps, 'settings' | 'env' | 'crossRegionReferences' | 'webAclArn'>,
): StageStacks {
  const id = `Quizbank-${settings.stage}`;
  const region = settings.region;
  if (settings.waf && !region && PIPELINE_STAGES.includes(settings.stage))
    throw new Error(`stage ${settings.stage} needs -c region=<region>: its WAF is referenced across regions`);
  if (settings.waf && !region)
    console.warn(`${id}: no region (-c region=… or CDK_DEFAULT_REGION), so no WAF in front of the site`);
  const waf =
    settings.waf && region
      ? new SignInWafStack(app, `${id}-waf`, {
          description: `Quizbank (${settings.stage}): WAF for the site (rate limit on sign-in)`,
          env: { region: 'us-east-1' },
          crossRegionReferences: true,
          namePrefix: `quizbank-${settings.stage}`,
        })
      : undefined;
  const main = new QuizbankStack(app, id, {
    description: `Quizbank (${settings.stage}): bilingual quiz and exam practice`,
    settings,
    ...props,
    ...(waf && region ? { env: { region }, crossRegionReferences: true, webAclArn: waf.webAcl.attrArn } : {}),
  });
  return { main, waf };
}
