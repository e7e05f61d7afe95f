import { HttpError } from '../http/responses';
import { ADMIN_REQUIRED, type StaffSession } from './session';
import { roleCan, type Permission } from '../../lib/staff-roles';

export { PERMISSIONS, ROLE_LABELS, ROLE_PERMISSIONS, isPermission, roleCan, type Permission } from '../../lib/staff-roles';

export const NOT_ALLOWED = 'Your role does not allow this.';

/** The member of staff of this request when they hold the permission: 401 without a session, 403 without the permission. */
export function requireStaff(locals: Pick<App.Locals, 'staff'>, permission: Permission): StaffSession {
  const staff = locals.staff;
  if (!staff) throw new HttpError(401, ADMIN_REQUIRED);
  if (!roleCan(staff.role, permission)) throw new HttpError(403, NOT_ALLOWED);
  return staff;
}
