import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

/** Repository root: entries in the manifest and schedules are relative to it. */
export const ROOT_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/**
 * The one description of how every Lambda is bundled. The stack (NodejsFunction) and
 * bench/lambda-bundle-sizes.ts (esbuild API) both derive their options from it, so the
 * measured bundles are the deployed bundles.
 */
export const LAMBDA_BUILD = {
  target: 'node22',
  format: 'esm',
  minify: true,
  sourcemap: true,
  /** Lambda only needs the mappings for `--enable-source-maps`; dropping sources keeps the zip small. */
  sourcesContent: false,
  /** Prefer the ESM builds of dependencies (the AWS SDK v3 ships them) so esbuild can tree-shake. */
  mainFields: ['module', 'main'],
  /** Keep Korean strings as UTF-8 rather than \uXXXX escapes (half the bytes). */
  charset: 'utf8',
  /** Nothing external: the AWS SDK v3 is bundled, pinned by package-lock and tree-shaken. */
  externalModules: [] as string[],
  /** CommonJS dependencies bundled into ESM may still call `require` for Node built-ins. */
  banner: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);",
} as const;

/** NodejsFunction bundling options: local esbuild only (no Docker on the build machines). */
export function nodejsBundling(): BundlingOptions {
  return {
    target: LAMBDA_BUILD.target,
    format: OutputFormat.ESM,
    minify: LAMBDA_BUILD.minify,
    sourceMap: LAMBDA_BUILD.sourcemap,
    sourcesContent: LAMBDA_BUILD.sourcesContent,
    mainFields: [...LAMBDA_BUILD.mainFields],
    // aws-cdk-lib 2.276 accepts `charset` but never passes it to esbuild; hand it over directly.
    esbuildArgs: { '--charset': LAMBDA_BUILD.charset },
    externalModules: [...LAMBDA_BUILD.externalModules],
    bundleAwsSDK: true,
    banner: LAMBDA_BUILD.banner,
    forceDockerBundling: false,
  };
}

/** The same build through the esbuild API, for measuring (bench) rather than deploying. */
export function esbuildOptions(entry: string): BuildOptions {
  return {
    entryPoints: [resolve(ROOT_DIR, entry)],
    bundle: true,
    platform: 'node',
    target: LAMBDA_BUILD.target,
    format: LAMBDA_BUILD.format,
    minify: LAMBDA_BUILD.minify,
    sourcemap: LAMBDA_BUILD.sourcemap,
    sourcesContent: LAMBDA_BUILD.sourcesContent,
    mainFields: [...LAMBDA_BUILD.mainFields],
    charset: LAMBDA_BUILD.charset,
    external: [...LAMBDA_BUILD.externalModules],
    banner: { js: LAMBDA_BUILD.banner },
    outfile: 'index.mjs',
    write: false,
    logLevel: 'warning',
  };
}
