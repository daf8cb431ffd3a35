import * as system from '#shared/contracts/system.js';
import { systemGroup } from '#shared/route-groups/system.js';
import { bind, createGroupHandler } from './group-handler.js';
import { confirmCsrf, issueCsrfToken, serveTranslations } from '../runtime/http/system-routes.js';

export const handler = createGroupHandler(systemGroup, [
  bind(system.getCsrfToken, (_input, ctx) => issueCsrfToken(ctx)),
  bind(system.testCsrf, () => confirmCsrf()),
  bind(system.getTranslations, (input) => serveTranslations(input)),
]);
