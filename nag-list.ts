import { AwsSolutionsChecks } from 'cdk-nag';
import { synthesize } from './tests/infra/synth.ts';
const ctx = process.argv[2] ? JSON.parse(process.argv[2]) : {};
const { stack } = synthesize({ context: ctx });
const report = new AwsSolutionsChecks(stack.node.root).validateScope(stack.node.root);
const counts = new Map<string, number>();
for (const v of report.violations) {
  for (const r of v.violatingResources) {
    counts.set(v.ruleName.replace(/\[.*$/, ''), (counts.get(v.ruleName.replace(/\[.*$/, '')) ?? 0) + 1);
    if (process.env.DETAIL) console.log(v.severity, v.ruleName, r.constructPath ?? r.resourceLogicalId);
  }
}
console.log(report.success, [...counts].sort((a, b) => b[1] - a[1]));
