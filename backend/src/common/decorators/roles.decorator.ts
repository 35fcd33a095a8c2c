import { SetMetadata } from '@nestjs/common';

export const ROLES = 'roles';

/**
 * The `@Roles(...)` decorator of a role type: only users whose role is one of those named may
 * call the route (RolesGuard). common/ knows no feature, so the role type comes from the users
 * module, which makes its `Roles` with this (users/roles.ts): a mistyped role is a compile error.
 */
export function rolesDecorator<Role extends string>(): (...roles: Role[]) => MethodDecorator & ClassDecorator {
  return (...roles) => SetMetadata(ROLES, roles);
}
