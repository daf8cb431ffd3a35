import { sendEmailVerification as route } from '#shared/contracts/auth.js';
import { getProfile } from '#shared/contracts/profile.js';
import { callApi } from '../../api-client.js';
import { updateCached } from '../../use-api.js';

/**
 * POST /api/send-email-verification/ — mails a 24 h link to the profile's address. An address
 * found verified meanwhile comes back as such, and the cached profile says so too.
 */
export async function sendEmailVerification() {
  const answer = await callApi(route, { body: {} });
  if (answer.email_verified)
    await updateCached(getProfile, (profile) => profile && { ...profile, email_verified: true });
  return answer;
}
