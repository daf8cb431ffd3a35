import { App } from 'aws-cdk-lib';
import { BootstrapStack, bootstrapStages } from './bootstrap-stack.js';
import { readSettings } from './settings.js';
import { addStageStacks } from './stage-stacks.js';
import { parseBuildWeb, prepareSiteAssets } from './web-assets.js';

/*
 * `npx cdk synth|deploy [-c stage=prod -c mailFrom=… -c domainName=… -c certificateArn=…]`.
 * No lookups and no account: synth needs neither credentials nor network. With a region
 * (`-c region=…`) the stage also gets its WAF stack in us-east-1.
 */
const app = new App();
const context = (key: string): unknown => app.node.tryGetContext(key);
// The CLI's region (profile or AWS_REGION) when none is given: known offline, unlike the account.
const settings = readSettings((key) =>
  key === 'region' ? (context(key) ?? process.env.CDK_DEFAULT_REGION) : context(key),
);

const webDist = context('webDist');
const siteAssetPath = prepareSiteAssets({
  webDist: typeof webDist === 'string' && webDist !== '' ? webDist : undefined,
  buildWeb: parseBuildWeb(context('buildWeb')),
});

// The main stack and, in us-east-1, the CloudFront web ACL (stage-stacks.ts, D341).
addStageStacks(app, settings, { siteAssetPath });

// The pipeline's one-time set-up (docs/deploy.md): `npx cdk deploy Quizbank-bootstrap -c githubRepository=owner/name`.
const githubRepository = context('githubRepository');
if (typeof githubRepository === 'string' && githubRepository !== '') {
  const providerArn = context('githubOidcProviderArn');
  new BootstrapStack(app, 'Quizbank-bootstrap', {
    description: 'Quizbank: GitHub OIDC provider and the pipeline deploy roles (one per stage)',
    repository: githubRepository,
    existingProviderArn: typeof providerArn === 'string' && providerArn !== '' ? providerArn : undefined,
    // One account per stage: `-c bootstrapStages=staging` in the staging account, `=prod` in prod's.
    stages: bootstrapStages(context('bootstrapStages')),
  });
}

app.synth();
