import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '../../db/schema';
import { PERMISSIONS, ROLE_PERMISSIONS, isPermission, roleCan, type Permission } from '../../src/server/admin/permissions';
import { ROUTE_POLICIES } from '../../src/server/http/route-policy.mjs';

const adminMethods = Object.entries(ROUTE_POLICIES).flatMap(([route, policy]) =>
  Object.entries(policy.methods)
    .filter(([, method]) => method.access === 'admin')
    .map(([verb, method]) => ({ route, verb, permission: method.permission })),
);

describe('staff roles and permissions', () => {
  it('every admin method of the route policy table names a permission that exists', () => {
    expect(adminMethods.length).toBeGreaterThanOrEqual(10);
    for (const { route, verb, permission } of adminMethods) expect(permission && isPermission(permission), `${verb} ${route}`).toBe(true);
    // Only admin methods name a permission.
    for (const [route, policy] of Object.entries(ROUTE_POLICIES))
      for (const [verb, method] of Object.entries(policy.methods)) if (method.access !== 'admin') expect(method.permission, `${verb} ${route}`).toBeUndefined();
  });

  it('the Owner may do everything; an Editor all content but staff and members; a Contributor drafts; Support members only', () => {
    const all = Object.keys(PERMISSIONS) as Permission[];
    expect(all.filter((p) => roleCan('owner', p))).toEqual(all);
    expect(all.filter((p) => !roleCan('editor', p)).sort()).toEqual(['members:label', 'members:manage', 'members:read', 'staff:manage']);
    expect([...ROLE_PERMISSIONS.contributor].sort()).toEqual(['dashboard:read', 'stories:write', 'uploads:add']);
    expect([...ROLE_PERMISSIONS.support].sort()).toEqual(['dashboard:read', 'members:label', 'members:read', 'revenue:read']);
    expect(roleCan('contributor', 'stories:publish')).toBe(false);
    expect(roleCan('contributor', 'stories:delete')).toBe(false);
    expect(roleCan('support', 'spots:add')).toBe(false);
    expect(STAFF_ROLES).toEqual(['owner', 'editor', 'contributor', 'support']);
  });

  it('knows its own permission names and no others', () => {
    expect(isPermission('spots:add')).toBe(true);
    expect(isPermission('spots:fly')).toBe(false);
    expect(isPermission('toString')).toBe(false);
  });
});
