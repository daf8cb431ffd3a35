import * as system from '../contracts/system.js';
import type { RouteGroup } from '../route-group.js';

export const systemGroup: RouteGroup = {
  name: 'system',
  handler: 'functions/groups/system.ts',
  memoryMb: 256,
  timeoutSeconds: 10,
  routes: [system.getCsrfToken, system.testCsrf, system.getTranslations],
  access: { ephemeralTable: 'sessions', appTable: 'read' },
};
