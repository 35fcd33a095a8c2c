/**
 * Account roles and who counts as staff. They live with the users because members' code (login,
 * the rate limiter, maintenance mode) asks "is this staff?" as often as the back office does.
 */
import { rolesDecorator } from '../common/decorators/roles.decorator';

export const USER_ROLES = ['user', 'moderator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Roles that use the back-office panel (docs/product.md#roles). */
export const STAFF_ROLES: UserRole[] = ['moderator', 'admin'];

export function isStaff(user: { role: UserRole } | undefined | null): boolean {
  return !!user && STAFF_ROLES.includes(user.role);
}

/** `@Roles('admin')`: only these roles may call the route (RolesGuard); takes UserRole, so `@Roles('admn')` does not compile. */
export const Roles = rolesDecorator<UserRole>();
