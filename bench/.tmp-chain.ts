import { ROUTE_GROUPS } from '#shared/routes-manifest.js';
import { buildLambdaInMemory } from '/work/wt/ops/infra/bundling.js';
const [groupName, target] = process.argv.slice(2);
const g = ROUTE_GROUPS.find((x) => x.name === groupName)!;
const build = await buildLambdaInMemory(g.handler, { sourcemap: false, logLevel: 'silent' });
const meta = (build as any).metafile ?? (build as any).result?.metafile;
const inputs = meta.inputs as Record<string, { imports: { path: string; kind: string }[] }>;
const parents = new Map<string, string[]>();
for (const [file, { imports }] of Object.entries(inputs)) for (const i of imports) if (i.kind === 'import-statement') parents.set(i.path, [...(parents.get(i.path) ?? []), file]);
let node = Object.keys(inputs).find((k) => k.includes(target!))!;
const seen = new Set<string>();
while (node && !seen.has(node)) { console.log(node); seen.add(node); node = (parents.get(node) ?? [])[0]!; }
