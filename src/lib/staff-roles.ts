/** The staff roles, most trusted first. */
export const STAFF_ROLES = ['owner', 'editor', 'contributor', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What a member of staff may do, as (object, action) pairs in the manner of Ghost's permissions.
 * Every admin route in the route policy table names the permission it needs
 * (src/server/http/route-policy.mjs), and the middleware checks it before the route runs;
 * src/server/admin/permissions.ts has `requireStaff` for a second check inside a route.
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
  'members:label': 'put labels on members and take them off',
  'revenue:read': 'see paying members, revenue and the paywall funnel',
  'offers:manage': 'create discount and trial offers',
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
  'revenue:read',
  'offers:manage',
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
  support: new Set<Permission>(['dashboard:read', 'members:read', 'revenue:read', 'members:label']),
};

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = { owner: 'Owner', editor: 'Editor', contributor: 'Contributor', support: 'Support' };

export function isPermission(name: string): name is Permission {
  return Object.hasOwn(PERMISSIONS, name);
}

export function roleCan(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/** The back office's sections, in the order the navigation lists them. */
export const ADMIN_SECTIONS = [
  { id: 'dashboard', label: 'Dashboard', href: '/admin', permission: 'dashboard:read' },
  { id: 'stories', label: 'Stories', href: '/admin/stories', permission: 'stories:write' },
  { id: 'spots', label: 'Spots', href: '/admin/spots', permission: 'spots:add' },
  { id: 'events', label: 'Events', href: '/admin/events', permission: 'events:import' },
  { id: 'places', label: 'Places', href: '/admin/places', permission: 'places:edit' },
  { id: 'suggestions', label: 'Suggestions', href: '/admin/suggestions', permission: 'suggestions:review' },
  { id: 'searches', label: 'Searches', href: '/admin/search', permission: 'spots:edit' },
  { id: 'members', label: 'Members', href: '/admin/members', permission: 'members:read' },
  { id: 'offers', label: 'Offers', href: '/admin/offers', permission: 'offers:manage' },
  { id: 'newsletter', label: 'Newsletter', href: '/admin/newsletter', permission: 'newsletter:read' },
  { id: 'staff', label: 'Staff', href: '/admin/staff', permission: 'staff:manage' },
  { id: 'history', label: 'History', href: '/admin/history', permission: 'history:read' },
] as const satisfies readonly { id: string; label: string; href: string; permission: Permission }[];
export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'] | 'account';

/** The sections this member of staff may open: the navigation never offers a door that is locked. */
export function sectionsFor(staff: { role: StaffRole }) {
  return ADMIN_SECTIONS.filter((section) => roleCan(staff.role, section.permission));
}
