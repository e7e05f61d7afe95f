import type { StaffRole } from '../../../db/schema';
import { HttpError } from '../http/responses';
import { ADMIN_REQUIRED, type StaffSession } from './session';

/**
 * What a member of staff may do, as (object, action) pairs in the manner of Ghost's permissions.
 * Every admin route in the route policy table names the permission it needs
 * (src/server/http/route-policy.mjs), and the middleware checks it before the route runs.
 */
export const PERMISSIONS = {
  'dashboard:read': 'see the dashboard',
  'spots:add': 'add spots',
  'spots:edit': 'edit spots',
  'spots:archive': 'archive and restore spots',
  'uploads:add': 'upload photos',
  'suggestions:review': 'review suggestions and corrections',
  'events:edit': 'edit events',
  'events:import': 'import events from Browse AI',
  'places:edit': 'edit restaurants and activities',
  'stories:write': 'write Story drafts',
  'stories:publish': 'publish, schedule and take down Stories',
  'stories:delete': 'delete Stories',
  'newsletter:read': 'see and preview the newsletter',
  'newsletter:send': 'send the newsletter',
  'members:read': 'see members and subscriptions',
  'members:manage': 'refund, comp and change members',
  'staff:manage': 'invite staff, change roles, disable accounts and end their sessions',
  'history:read': 'read the History',
} as const;
export type Permission = keyof typeof PERMISSIONS;

const EDITOR: readonly Permission[] = [
  'dashboard:read',
  'spots:add',
  'spots:edit',
  'spots:archive',
  'uploads:add',
  'suggestions:review',
  'events:edit',
  'events:import',
  'places:edit',
  'stories:write',
  'stories:publish',
  'stories:delete',
  'newsletter:read',
  'newsletter:send',
  'history:read',
];

/**
 * Owner: everything. Editor: publish and edit all content, review suggestions and corrections.
 * Contributor: write drafts (and the photos they need); cannot publish or delete. Support: read
 * members and subscriptions, no content.
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, ReadonlySet<Permission>>> = {
  owner: new Set(Object.keys(PERMISSIONS) as Permission[]),
  editor: new Set(EDITOR),
  contributor: new Set<Permission>(['dashboard:read', 'stories:write', 'uploads:add']),
  support: new Set<Permission>(['dashboard:read', 'members:read']),
};

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = { owner: 'Owner', editor: 'Editor', contributor: 'Contributor', support: 'Support' };

export function isPermission(name: string): name is Permission {
  return Object.hasOwn(PERMISSIONS, name);
}

export function roleCan(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

export const NOT_ALLOWED = 'Your role does not allow this.';

/** The member of staff of this request when they hold the permission: 401 without a session, 403 without the permission. */
export function requireStaff(locals: Pick<App.Locals, 'staff'>, permission: Permission): StaffSession {
  const staff = locals.staff;
  if (!staff) throw new HttpError(401, ADMIN_REQUIRED);
  if (!roleCan(staff.role, permission)) throw new HttpError(403, NOT_ALLOWED);
  return staff;
}
