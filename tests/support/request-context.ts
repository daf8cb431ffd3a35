import { createLogger } from '../../functions/runtime/log.js';
import type { RequestContext, SignedInContext } from '../../functions/runtime/http/types.js';
import type { Role } from '#shared/domain/roles.js';
import type { FixtureUser } from './fixture-users.js';

/**
 * What the group handler hands a service (functions/runtime/http/create-group-handler.ts), for tests
 * that call a domain's use case directly to count its DynamoDB requests. Korean, like most callers.
 */
export function requestContextFor(user: FixtureUser | null, test = 'budget'): RequestContext {
  return {
    requestId: test,
    language: 'ko',
    cookies: {},
    caller: user ? callerFor(user) : null,
    sourceIp: '127.0.0.1',
    viewerHost: 'localhost',
    userAgent: 'vitest',
    log: createLogger({ test }),
  };
}

/** The same for a signed-in route; `role` overrides the fixture's (an admin seen as a user, say). */
export function signedInContextFor(user: FixtureUser, test = 'budget', role: Role = user.role): SignedInContext {
  return { ...requestContextFor(user, test), caller: callerFor(user, role) };
}

function callerFor(user: FixtureUser, role: Role = user.role): NonNullable<RequestContext['caller']> {
  return {
    sessionKey: 'budget',
    user: { id: user.id, username: user.username, role, is_superuser: false, is_staff: false, language: 'ko' },
  };
}
