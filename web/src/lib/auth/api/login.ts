import { login as loginRoute } from '#shared/contracts/auth.js';
import { callApi } from '../../api-client.js';
import { alignLanguageWithAccount } from '../account-language.js';
import { completeSignIn } from '../sign-in.js';

/** POST /api/login/, then the original client's sign-in bookkeeping. Answers the signed-in user. */
export async function login(username: string, password: string) {
  const answer = await callApi(loginRoute, { body: { username: username.trim(), password } });
  completeSignIn(answer.user);
  await alignLanguageWithAccount(answer.user);
  return answer.user;
}
