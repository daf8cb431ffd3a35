import { App } from 'aws-cdk-lib';
import { readSettings } from './settings.js';
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

new QuizbankStack(app, `Quizbank-${settings.stage}`, {
  description: `Quizbank (${settings.stage}): bilingual quiz and exam practice`,
  settings,
  siteAssetPath,
});

app.synth();
