import type { RouteContract } from './contracts/define-route.js';
import * as system from './contracts/system.js';

/**
 * The one place routes are declared. Each group is one Lambda in AWS and one handler module
 * locally; the CDK stack and the local server both build their routing from this list.
 * `handler` is the module path from the repository root; it exports `handler`.
 */
export interface RouteGroup {
  name: string;
  handler: string;
  /** Lambda memory; raised where password hashing or spreadsheet parsing needs it. */
  memoryMb: number;
  timeoutSeconds: number;
  routes: RouteContract[];
  /** Tables and buckets the group may touch; the stack grants exactly these. */
  access: { appTable?: 'read' | 'write'; ephemeralTable?: 'read' | 'write'; filesBucket?: 'read' | 'write'; sendMail?: boolean };
}

export const ROUTE_GROUPS: RouteGroup[] = [
  {
    name: 'system',
    handler: 'functions/system/handler.ts',
    memoryMb: 256,
    timeoutSeconds: 10,
    routes: [system.getCsrfToken, system.testCsrf, system.getTranslations],
    access: { ephemeralTable: 'read', appTable: 'read' },
  },
];

/** The group that answers any request no route matches (API Gateway's `$default` route). */
export const FALLBACK_GROUP = 'system';

export function findGroup(name: string): RouteGroup {
  const group = ROUTE_GROUPS.find((g) => g.name === name);
  if (!group) throw new Error(`unknown route group ${name}`);
  return group;
}
