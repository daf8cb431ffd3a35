import { changePassword as changePasswordRoute } from '#shared/contracts/auth.js';
import { callApi } from '../../api-client.js';

/** POST /api/user/{id}/change-password/ for one's own account: the current password is required. */
export function changeOwnPassword(userId: string, currentPassword: string, newPassword: string) {
  return callApi(changePasswordRoute, {
    params: { id: userId },
    body: { current_password: currentPassword, new_password: newPassword },
  });
}

/** The same route as an admin setting another user's password ({password}). */
export function setUserPassword(userId: string, password: string) {
  return callApi(changePasswordRoute, { params: { id: userId }, body: { password } });
}
