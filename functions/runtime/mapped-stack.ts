import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * A stack trace from a Lambda bundle with each frame mapped back to its TypeScript source (D108),
 * read through the bundle's own `.map` files with Node's `SourceMap` only when an error is logged.
 * `--enable-source-maps` would do the same for every stack, but it reads and parses the maps of
 * every module at load: +10–14 ms of each cold start (Node 20). Frames outside a bundle (tsx
 * locally, Node internals) and bundles without maps are left as they are.
 */
const maps = new Map<string, SourceMap | null>();

function sourceMapOf(file: string): SourceMap | null {
  if (!maps.has(file)) {
    let map: SourceMap | null = null;
    try {
      if (existsSync(`${file}.map`)) map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      // An unreadable map leaves the frame as it is: the stack is for people, not worth a failure.
    }
    maps.set(file, map);
  }
  return maps.get(file)!;
}

const BUNDLE_FRAME = /((?:file:\/\/)?\/[^\s()]+\.mjs):(\d+):(\d+)/g;

/** Async only so that callers reach it through `onDemand` (on-demand.ts), which takes async functions. */
export async function mappedStack(stack: string): Promise<string> {
  return stack.replace(BUNDLE_FRAME, (frame, file: string, line: string, column: string) => {
    const map = sourceMapOf(file.startsWith('file:') ? fileURLToPath(file) : file);
    const origin = map?.findOrigin(Number(line), Number(column));
    return origin && 'fileName' in origin ? `${origin.fileName}:${origin.lineNumber}:${origin.columnNumber}` : frame;
  });
}
