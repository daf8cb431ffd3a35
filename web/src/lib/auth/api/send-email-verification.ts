import { sendEmailVerification as route } from '../../../../../shared/contracts/auth.js';
import { callApi } from '../../api-client.js';

/** POST /api/send-email-verification/ — mails a 24 h link to the profile's address. */
export function sendEmailVerification() {
  return callApi(route, { body: {} });
}
