import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { Template } from 'aws-cdk-lib/assertions';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT_DIR } from '../../infra/bundling.js';
import { readSettings } from '../../infra/settings.js';
import { QuizbankStack, type QuizbankStackProps } from '../../infra/stack.js';

/** The context of cdk.json (feature flags and defaults), so tests synthesize what `cdk synth` does. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(ROOT_DIR, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  return cdkJson.context;
}

let site: string | undefined;

/** A tiny built site (one per test process), so tests neither need nor wait for the web build. */
export function fakeSite(): string {
  if (site) return site;
  const dir = mkdtempSync(join(tmpdir(), 'quizbank-site-'));
  site = dir;
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Quizbank</title><script src="/assets/app.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app")');
  return dir;
}

export interface SynthOptions {
  context?: Record<string, unknown>;
  /** Run esbuild for every function (slow); off by default through CDK's bundling-stacks context. */
  bundle?: boolean;
  props?: Partial<Omit<QuizbankStackProps, 'settings'>>;
  /** Runs cdk-nag's AwsSolutions pack as a policy-validation plugin of the app (synthesis fails on its errors). */
  nag?: boolean;
  /** Changes the stack before synthesis (a test of what synthesis refuses). */
  alter?: (stack: QuizbankStack) => void;
}

export function synthesize(options: SynthOptions = {}): {
  stack: QuizbankStack;
  template: Template;
  /** The nested stack of alarms, the dashboard, metric filters and the canary's deployment groups (D173). */
  operations: Template;
} {
  const context = {
    ...cdkJsonContext(),
    ...options.context,
    // CDK's own switch: no stack is bundled, assets are fingerprinted without running esbuild.
    ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
  };
  const app = new App({ context });
  if (options.nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const settings = readSettings((key) => app.node.tryGetContext(key));
  const stack = new QuizbankStack(app, `Quizbank-${settings.stage}`, {
    settings,
    siteAssetPath: fakeSite(),
    ...options.props,
  });
  options.alter?.(stack);
  const template = Template.fromStack(stack);
  return { stack, template, operations: withParentReferences(Template.fromStack(stack.operations), template) };
}

/**
 * The nested operations stack with each parameter it takes from the parent (`referenceto…Ref`, CDK's
 * cross-stack wiring) replaced by what the parent passes, so assertions name the parent's resources
 * (`{ Ref: 'ApiHttpApi…' }`) as they would in one stack.
 */
function withParentReferences(nested: Template, parent: Template): Template {
  const parentResources = parent.toJSON().Resources as Record<
    string,
    { Type: string; Properties?: Record<string, unknown> }
  >;
  const nestedStack = Object.values(parentResources).find((resource) => resource.Type === 'AWS::CloudFormation::Stack');
  const passed = (nestedStack?.Properties?.Parameters ?? {}) as Record<string, unknown>;
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (value && typeof value === 'object') {
      const ref = (value as { Ref?: unknown }).Ref;
      if (typeof ref === 'string' && ref in passed && Object.keys(value).length === 1) return passed[ref];
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner)]));
    }
    return value;
  };
  return Template.fromJSON(resolve(nested.toJSON()) as Record<string, unknown>);
}
