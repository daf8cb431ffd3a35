import { config } from '../../runtime/config.js';
import { onDemand } from '../../runtime/on-demand.js';

/** The daily mail's one-click unsubscribe token; jose is a chunk of its own (D106). */
const jwt = () => import('./unsubscribe-jwt.js');

export const unsubscribeToken = onDemand(jwt, 'unsubscribeToken');
export const verifyUnsubscribeToken = onDemand(jwt, 'verifyUnsubscribeToken');

export async function unsubscribeUrl(userId: string): Promise<string> {
  return `${new URL(config.appOrigin).origin}/api/daily-quiz-email/unsubscribe/?token=${encodeURIComponent(await unsubscribeToken(userId))}`;
}
