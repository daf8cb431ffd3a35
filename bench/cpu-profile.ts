import { writeFileSync } from 'node:fs';
import { Session, type Profiler } from 'node:inspector/promises';

/**
 * A CPU profile of this process (the in-process local cloud: adapter, handlers, SDK) and where its
 * time goes, by layer. Self time only: each sample counts once, in the function running.
 */
export async function startCpuProfile(): Promise<{ stop(file?: string): Promise<Profiler.Profile> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      if (file) writeFileSync(file, JSON.stringify(profile));
      return profile;
    },
  };
}

/** The layer a profile node belongs to: a package, one of our folders, a Node internal or V8. */
export function layerOf(frame: Profiler.ProfileNode['callFrame'], rootUrl: string): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `native ${functionName || '(anonymous)'}`;
  if (url.startsWith('node:')) return `node ${url.replace(/^node:(internal\/)?/, '').split('/')[0]}`;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  const own = url.startsWith(rootUrl) ? url.slice(rootUrl.length) : url;
  const parts = own.split('/');
  const depth = parts[0] === 'functions' && parts[1] === 'lib' ? 3 : 2;
  return parts.slice(0, Math.min(depth, parts.length - 1)).join('/') || own;
}

/** Coarser than layerOf: the families a request passes through. */
export function familyOf(layer: string): string {
  if (/^@(smithy|aws-sdk|aws-crypto)\//.test(layer))
    return `AWS SDK (${layer.startsWith('@aws-sdk/lib-dynamodb') || layer.startsWith('@aws-sdk/util-dynamodb') ? 'document marshalling' : layer === '@smithy/signature-v4' || layer.startsWith('@aws-crypto') ? 'signing' : 'client core, JSON protocol'})`;
  if (layer.startsWith('@middy/')) return 'middy';
  if (layer === 'zod') return 'zod';
  if (layer === '(garbage collector)') return 'GC';
  if (
    /^node (_http|http|net|stream|internal|events|buffer|timers|async_hooks|dns|url|zlib|crypto)/.test(layer) ||
    layer.startsWith('native ')
  )
    return `Node runtime (${layer.startsWith('native ') ? 'native' : layer.slice(5)})`;
  if (layer.startsWith('functions/') || layer.startsWith('shared/') || layer.startsWith('local/'))
    return `ours: ${layer}`;
  return layer;
}

/** Self time per layer and per function, busiest first, as shares of the profile's non-idle time. */
export function summarizeProfile(profile: Profiler.Profile, rootUrl: string) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const hits = new Map<number, number>();
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
  const layers = new Map<string, number>();
  const families = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, count] of hits) {
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    busy += count;
    const layer = layerOf(frame, rootUrl);
    layers.set(layer, (layers.get(layer) ?? 0) + count);
    const family = familyOf(layer);
    families.set(family, (families.get(family) ?? 0) + count);
    const where = frame.url
      ? `${frame.url.replace(rootUrl, '').replace(/^.*node_modules\//, '')}:${frame.lineNumber + 1}`
      : '';
    const name = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + count);
  }
  const ranked = (map: Map<string, number>) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).map(([name, count]) => ({ name, share: busy ? count / busy : 0 }));
  const samples = profile.samples?.length ?? 0;
  return {
    busyShare: samples ? busy / samples : 0,
    families: ranked(families),
    layers: ranked(layers),
    functions: ranked(functions),
  };
}
