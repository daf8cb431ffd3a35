import { googleSignIn as googleSignInRoute } from '#shared/contracts/auth.js';
import type { Language } from '#shared/domain/language.js';
import { callApi } from '../../../lib/api-client.js';
import { browserTimeZone } from '../../../lib/time-zone.js';
import { alignLanguageWithAccount } from '../../../lib/auth/account-language.js';
import { completeSignIn } from '../../../lib/auth/sign-in.js';

/** POST /api/google-oauth/ with the ID token Google returned, then the sign-in bookkeeping. */
export async function googleSignIn(idToken: string, nonce: string, language: Language) {
  const answer = await callApi(googleSignInRoute, {
    body: { id_token: idToken, nonce, language, time_zone: browserTimeZone() },
  });
  completeSignIn(answer.user);
  await alignLanguageWithAccount(answer.user);
  return answer;
}
