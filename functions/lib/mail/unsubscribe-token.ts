import type * as UnsubscribeJwt from './unsubscribe-jwt.js';
import { config } from '../config.js';

/** The daily mail's one-click unsubscribe token; jose is a chunk of its own (D106). */
const jwt = () => import('./unsubscribe-jwt.js');

export const unsubscribeToken: typeof UnsubscribeJwt.unsubscribeToken = async (...args) => (await jwt()).unsubscribeToken(...args);
export const verifyUnsubscribeToken: typeof UnsubscribeJwt.verifyUnsubscribeToken = async (...args) => (await jwt()).verifyUnsubscribeToken(...args);

export async function unsubscribeUrl(userId: string): Promise<string> {
  return `${new URL(config.appOrigin).origin}/api/daily-quiz-email/unsubscribe/?token=${encodeURIComponent(await unsubscribeToken(userId))}`;
}
