import { App } from 'aws-cdk-lib';
import { BootstrapStack } from './bootstrap-stack.js';
import { readSettings } from './settings.js';
import { SignInWafStack } from './sign-in-waf-stack.js';
import { QuizbankStack } from './stack.js';
import { parseBuildWeb, prepareSiteAssets } from './web-assets.js';

/*
 * `npx cdk synth|deploy [-c stage=prod -c mailFrom=… -c domainName=… -c certificateArn=…]`.
 * The stack is environment-agnostic (no lookups), so synth needs neither credentials nor network.
 */
const app = new App();
const context = (key: string): unknown => app.node.tryGetContext(key);
const settings = readSettings(context);

const webDist = context('webDist');
const siteAssetPath = prepareSiteAssets({
  webDist: typeof webDist === 'string' && webDist !== '' ? webDist : undefined,
  buildWeb: parseBuildWeb(context('buildWeb')),
});

// A CloudFront web ACL lives in us-east-1: with -c waf=true it is a stack of its own there, and
// the cross-region reference needs both stacks bound to the account and region of the credentials.
const env = settings.waf ? deploymentEnvironment() : undefined;
const waf = env
  ? new SignInWafStack(app, `Quizbank-${settings.stage}-waf`, {
      description: `Quizbank (${settings.stage}): WAF for the site (rate limit on sign-in)`,
      env: { account: env.account, region: 'us-east-1' },
      crossRegionReferences: true,
      namePrefix: `quizbank-${settings.stage}`,
    })
  : undefined;

new QuizbankStack(app, `Quizbank-${settings.stage}`, {
  description: `Quizbank (${settings.stage}): bilingual quiz and exam practice`,
  settings,
  siteAssetPath,
  ...(env && waf ? { env, crossRegionReferences: true, webAclArn: waf.webAcl.attrArn } : {}),
});

// The pipeline's one-time set-up (docs/deploy.md): `npx cdk deploy Quizbank-bootstrap -c githubRepository=owner/name`.
const githubRepository = context('githubRepository');
if (typeof githubRepository === 'string' && githubRepository !== '') {
  const providerArn = context('githubOidcProviderArn');
  new BootstrapStack(app, 'Quizbank-bootstrap', {
    description: 'Quizbank: GitHub OIDC provider and the pipeline deploy roles (one per stage)',
    repository: githubRepository,
    existingProviderArn: typeof providerArn === 'string' && providerArn !== '' ? providerArn : undefined,
  });
}

function deploymentEnvironment(): { account: string; region: string } {
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const region = process.env.CDK_DEFAULT_REGION;
  if (!account || !region) {
    throw new Error(
      '-c waf=true needs AWS credentials and a region (the web ACL is a us-east-1 stack referenced across regions)',
    );
  }
  return { account, region };
}

app.synth();
