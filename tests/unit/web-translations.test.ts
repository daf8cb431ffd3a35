import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';

const webSrc = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/src');

/** Every place that keeps its own ko/en texts: app/i18n and features/<name>/i18n. */
const bundles = [
  { name: 'app', dir: join(webSrc, 'app/i18n') },
  ...readdirSync(join(webSrc, 'features'))
    .filter((feature) => existsSync(join(webSrc, 'features', feature, 'i18n')))
    .map((feature) => ({ name: feature, dir: join(webSrc, 'features', feature, 'i18n') })),
];

async function load(file: string): Promise<unknown> {
  return ((await import(pathToFileURL(file).href)) as { default: unknown }).default;
}

/** `a.b.0` style paths of every leaf. */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (tree !== null && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      for (const [path, leaf] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, tree);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('web translations', () => {
  test('features with texts are found', () => {
    expect(bundles.map((b) => b.name)).toEqual(expect.arrayContaining(['app', 'home', 'navigation', 'status-pages']));
  });

  for (const bundle of bundles) {
    test(`${bundle.name}: ko and en have the same keys, non-empty texts and the same placeholders`, async () => {
      expect(existsSync(join(bundle.dir, 'ko.ts')), 'ko.ts').toBe(true);
      expect(existsSync(join(bundle.dir, 'en.ts')), 'en.ts').toBe(true);
      const ko = leaves(await load(join(bundle.dir, 'ko.ts')));
      const en = leaves(await load(join(bundle.dir, 'en.ts')));
      expect([...en.keys()].sort()).toEqual([...ko.keys()].sort());
      for (const [key, text] of ko) {
        const other = en.get(key);
        expect(typeof text, `ko ${key}`).toBe('string');
        expect(typeof other, `en ${key}`).toBe('string');
        expect((text as string).trim(), `ko ${key}`).not.toBe('');
        expect((other as string).trim(), `en ${key}`).not.toBe('');
        expect(placeholders(other as string), `placeholders of ${key}`).toEqual(placeholders(text as string));
      }
    });
  }

  test('the per-locale resource bundles include every feature, under the same keys', async () => {
    const ko = (await load(join(webSrc, 'app/i18n/resources-ko.ts'))) as Record<string, unknown>;
    const en = (await load(join(webSrc, 'app/i18n/resources-en.ts'))) as Record<string, unknown>;
    expect(Object.keys(en).sort()).toEqual(Object.keys(ko).sort());
    // Each bundle appears once in the merged resources (feature folder kebab-case, key camelCase).
    const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
    expect(Object.keys(ko).sort()).toEqual(bundles.map((b) => camel(b.name)).sort());
    expect(ko.home).toBe(await load(join(webSrc, 'features/home/i18n/ko.ts')));
    expect(en.home).toBe(await load(join(webSrc, 'features/home/i18n/en.ts')));
  });
});
