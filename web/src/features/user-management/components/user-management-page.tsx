import { isSiteAdmin } from '#shared/domain/roles.js';
import { SignedInOnly } from '../../../lib/auth/signed-in-only.js';
import { AdminsOnlyNotice } from './admins-only-notice.js';
import { UsersAdmin } from './users-admin.js';

/** User management (docs/product.md#user-management): the admin screen, or a clear notice for everyone else. */
export function UserManagementPage() {
  return (
    <SignedInOnly>
      {(user) => (isSiteAdmin(user) ? <UsersAdmin me={user} /> : <AdminsOnlyNotice user={user} />)}
    </SignedInOnly>
  );
}
