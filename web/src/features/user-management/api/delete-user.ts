import { deleteUser as route, listUsers } from '#shared/contracts/users.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';
import { deleteUsersOneByOne } from '../utils/delete-users.js';

/** DELETE /api/users/{id}/delete/ for each user, one by one (docs/product.md#user-management); the list loads again once, at the end. */
export function deleteUsers<U extends { id: string }>(users: readonly U[]) {
  return writeThenInvalidate(
    () => deleteUsersOneByOne(users, (user) => callApi(route, { params: { id: user.id } })),
    listUsers,
  );
}
