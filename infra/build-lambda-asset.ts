import { writeLambdaAsset } from './bundling.js';

/**
 * `node --import tsx infra/build-lambda-asset.ts <entry> <outdir>`: one Lambda's asset, for the
 * synchronous `buildLambdaAsset` (CDK's local bundling) to wait for.
 */
const [entry, outdir] = process.argv.slice(2);
if (!entry || !outdir) throw new Error('usage: build-lambda-asset.ts <entry> <outdir>');
await writeLambdaAsset(entry, outdir);
