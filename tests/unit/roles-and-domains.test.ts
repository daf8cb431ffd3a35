import { describe, expect, it } from 'vitest';
import { hasStudyAdminRole, isSiteAdmin } from '#shared/domain/roles.js';
import { specialDomainOf } from '#shared/domain/special-domain.js';

describe('isSiteAdmin (docs/product.md#roles)', () => {
  it('is admin_role, or is_superuser, or is_staff', () => {
    expect(isSiteAdmin({ role: 'admin_role' })).toBe(true);
    expect(isSiteAdmin({ role: 'user_role', is_superuser: true })).toBe(true);
    expect(isSiteAdmin({ role: 'user_role', is_staff: true })).toBe(true);
    expect(isSiteAdmin({ role: 'study_admin_role' })).toBe(false);
    expect(isSiteAdmin({ role: 'user_role' })).toBe(false);
    expect(isSiteAdmin(null)).toBe(false);
  });
  it('counts admins as study admins, not the other way round', () => {
    expect(hasStudyAdminRole({ role: 'study_admin_role' })).toBe(true);
    expect(hasStudyAdminRole({ role: 'admin_role' })).toBe(true);
    expect(hasStudyAdminRole({ role: 'user_role' })).toBe(false);
  });
});

describe('specialDomainOf', () => {
  it.each([
    ['devops.example.com', 'devops'],
    ['my-devops-site.io', 'devops'],
    ['leetcode.example.com', 'leetcode'],
    ['quiz.example.com', null],
    ['', null],
  ])('%s → %s', (host, expected) => {
    expect(specialDomainOf(host)).toBe(expected);
  });
});
