import type { User, UserRole } from '../users/user.entity';

/** Roles that use the back-office panel (SPEC.md section 6). */
export const STAFF_ROLES: UserRole[] = ['moderator', 'admin'];

export function isStaff(user: Pick<User, 'role'> | undefined | null): boolean {
  return !!user && STAFF_ROLES.includes(user.role);
}
