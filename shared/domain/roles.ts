export const ROLES = ['user_role', 'study_admin_role', 'admin_role'] as const;
export type Role = (typeof ROLES)[number];

export interface RoleBearer {
  role: Role;
  is_superuser?: boolean;
  is_staff?: boolean;
}

/** docs/product.md#roles: admin is admin_role, or is_superuser, or is_staff. */
export function isSiteAdmin(user: RoleBearer | null | undefined): boolean {
  return !!user && (user.role === 'admin_role' || !!user.is_superuser || !!user.is_staff);
}

export function hasStudyAdminRole(user: RoleBearer | null | undefined): boolean {
  return !!user && (user.role === 'study_admin_role' || isSiteAdmin(user));
}
