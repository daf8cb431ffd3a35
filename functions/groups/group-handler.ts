import type { RouteGroup } from '#shared/route-group.js';
import { loadCaller } from '../domains/users/index.js';
import { loadStudiesOfExamsOnDemand } from '../domains/exams/on-demand.js';
import {
  createGroupHandler as runtimeGroupHandler,
  type Binding,
  type GroupOptions,
} from '../runtime/http/create-group-handler.js';
import { withBackgroundTasks, type BackgroundTasks } from '../runtime/background.js';

export { bind } from '../runtime/http/create-group-handler.js';

// Every Lambda that serves exams also knows the studies that link them (domains/exams/studies-of-exams.ts),
// loaded when an exam first asks: a static import put both domains into every group's init (D478).
loadStudiesOfExamsOnDemand(() => import('../domains/studies/on-demand.js'));

/**
 * The Lambda handler of one route group: the runtime's `createGroupHandler` (which refuses to start
 * when the bindings and the group's routes differ) with what the runtime must not import itself —
 * the users domain's session lookup. Every file beside this one is one group's packaging: its
 * declaration (`shared/route-groups/<name>.ts`) bound to domain use cases, and nothing else.
 */
export function createGroupHandler(
  group: RouteGroup,
  bindings: Binding[],
  options: Omit<GroupOptions, 'loadCaller'> & { background?: BackgroundTasks } = {},
) {
  const { background, ...rest } = options;
  const http = runtimeGroupHandler(group, bindings, { ...rest, loadCaller });
  // Work a route started and did not wait for (D195) arrives as a non-HTTP event of the same function.
  return background ? withBackgroundTasks(http, background) : http;
}
