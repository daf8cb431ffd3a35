import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Language } from '#shared/domain/language.js';
import type { Logger } from '../log.js';
import type { RouteContract } from '#shared/contracts/define-route.js';
import type { Role } from '#shared/domain/roles.js';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

/** The signed-in user making a request: what the runtime and every service know of them (the USER item's projection). */
export interface CallerUser {
  id: string;
  username: string;
  role: Role;
  is_superuser: boolean;
  is_staff: boolean;
  language: Language;
  /** The learner's day (D120); absent on callers built before it: Asia/Seoul, 04:00 (`learnerDaySettings`). */
  time_zone?: string;
  day_rollover_hour?: number;
  /** Fitted FSRS weights; absent: the defaults. Read by `schedulerFor` (learning/fsrs.ts). */
  fsrs_weights?: number[];
  /** Review settings; absent on callers built before them: the defaults of LIMITS. */
  desired_retention?: number;
  new_cards_per_day?: number;
  max_reviews_per_day?: number;
  /** Workload (D326): Easy Days, Monday first, and the load balancer; absent: every day normal, balancing on. */
  easy_days?: string[];
  load_balancing?: boolean;
}

/** Who is calling: their session and their user. A service's `ctx.caller`; `ctx.caller.user` is the user. */
export interface Caller {
  sessionKey: string;
  user: CallerUser;
}

/** Finds the caller of a session id (the users domain's `loadCaller`, passed in by functions/groups/group-handler.ts). */
export type CallerLoader = (sessionId: string) => Promise<Caller | null>;

/** What every service receives beside its validated input. */
export interface RequestContext {
  requestId: string;
  language: Language;
  cookies: Record<string, string>;
  caller: Caller | null;
  /** Client address, for throttling; API Gateway fills sourceIp, the local adapter too. */
  sourceIp: string;
  /**
   * The host the visitor typed (CloudFront's viewer-request function copies it to x-viewer-host,
   * since the origin request carries the API's own Host). Decides the special-domain default tag.
   */
  viewerHost?: string;
  userAgent: string;
  /** The request's `If-None-Match` (a cached public exam read answers 304 when it names the current ETag). */
  ifNoneMatch?: string;
  log: Logger;
}

/** The context of a service whose route is not public: the runtime has checked the caller. */
export interface SignedInContext extends RequestContext {
  caller: Caller;
}

/** The middy request as our middlewares see it: the Lambda context carries our request context. */
export interface HandlerContext extends Context {
  request: RequestContext;
  /** The contract of the matched route, set before anything reads the body. */
  route: RouteContract;
}
