import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeKey } from '#shared/contracts/define-route.js';
import { FALLBACK_GROUP, ROUTE_GROUPS } from '#shared/routes-manifest.js';

const root = join(import.meta.dirname, '../..');
const routes = ROUTE_GROUPS.flatMap((group) => group.routes.map((route) => ({ group: group.name, route })));

describe('routes manifest', () => {
  it('declares every route once (API Gateway ignores the trailing slash)', () => {
    const keys = routes.map(({ route }) => routeKey(route));
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('serves only /api/ and /s/ paths', () => {
    for (const { route } of routes) expect(route.path).toMatch(/^\/(api|s)\//);
  });

  it('uses one parameter name per path position, as API Gateway requires of sibling routes', () => {
    const seen = new Map<string, string>();
    for (const { route } of routes) {
      const segments = route.path.split('/').filter(Boolean);
      segments.forEach((segment, i) => {
        const param = /^\{(\w+)\}$/.exec(segment);
        if (!param) return;
        const prefix = segments.slice(0, i).join('/');
        const other = seen.get(prefix);
        expect(other === undefined || other === param[1], `${route.path}: {${param[1]}} beside {${other}}`).toBe(true);
        seen.set(prefix, param[1]!);
      });
    }
  });

  it('points every group at a handler module that binds exactly its routes', async () => {
    expect(ROUTE_GROUPS.some((g) => g.name === FALLBACK_GROUP)).toBe(true);
    for (const group of ROUTE_GROUPS) {
      expect(existsSync(join(root, group.handler)), group.handler).toBe(true);
      // createGroupHandler throws at load when a route has no service or a service no route.
      const module = (await import(join(root, group.handler))) as { handler: unknown };
      expect(typeof module.handler, group.name).toBe('function');
    }
    // Imports every group's handler (each pulls in the AWS SDK and its contracts): over 5 s on a loaded machine.
  }, 30_000);
});
