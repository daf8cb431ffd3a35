import type { RouteContract } from './contracts/define-route.js';
import type { TableAction } from './table-actions.js';

/**
 * One route group: one Lambda in AWS and one handler module locally. Each group is declared in
 * `shared/route-groups/<name>.ts`, importing only its own contracts, so that its Lambda's handler
 * (which checks its bindings against this declaration) evaluates no other group's schemas at cold
 * start (D73). `shared/routes-manifest.ts` lists every group.
 * `handler` is the module path from the repository root; it exports `handler`.
 */
export interface RouteGroup {
  name: string;
  handler: string;
  /** Lambda memory; raised where password hashing or spreadsheet parsing needs it. */
  memoryMb: number;
  /** The API's budget for each request (API Gateway cuts at 29 s). */
  timeoutSeconds: number;
  /**
   * Set when the group's routes start background work (D195): the function may invoke itself
   * asynchronously, and its Lambda timeout is this instead (such an invocation has no API in front).
   */
  background?: { timeoutSeconds: number };
  routes: RouteContract[];
  /**
   * The DynamoDB actions its routes' stores call, on whichever tables `access` names (a read-only
   * table gets only the read ones). The stack grants exactly these; the infra tests derive them
   * from the group's bundle, so the declaration cannot drift from the code (D344).
   */
  dynamo: readonly TableAction[];
  /**
   * Tables and buckets the group may touch; the stack grants exactly these. Every route group
   * reads sessions and refreshes their lastSeenAt (the HTTP runtime does, with functions/domains/users),
   * so the ephemeral table is at least `sessions` (read + UpdateItem).
   */
  access: {
    appTable?: 'read' | 'write';
    ephemeralTable: 'sessions' | 'write';
    filesBucket?: 'read' | 'write';
    sendMail?: boolean;
    /** May call Amazon Bedrock: granted (with BEDROCK_MODEL_ID set) only when deployed with `-c bedrockModelId=…`. */
    bedrock?: boolean;
  };
}
