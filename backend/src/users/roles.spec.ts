import 'reflect-metadata';
import { Reflector } from '@nestjs/core';
import { ROLES } from '../common/decorators/roles.decorator';
import { Roles, STAFF_ROLES } from './roles';

describe('@Roles (users/roles.ts)', () => {
  it('records the roles RolesGuard reads, on a class and on a method', () => {
    @Roles('admin')
    class AdminOnly {
      @Roles(...STAFF_ROLES)
      list(): void {}
    }
    const reflector = new Reflector();
    expect(reflector.get(ROLES, AdminOnly)).toEqual(['admin']);
    expect(reflector.get(ROLES, AdminOnly.prototype.list)).toEqual(['moderator', 'admin']);
  });

  it('takes UserRole only: a mistyped role does not compile (checked by `tsc -p backend/tsconfig.jest.json`, part of `npm run lint`)', () => {
    // @ts-expect-error 'admn' is not a UserRole
    const mistyped = () => Roles('admn');
    // @ts-expect-error a role is one of USER_ROLES, not any string
    const anyString = (role: string) => Roles(role);
    // At run time the decorator still only records what it is given.
    expect(typeof mistyped()).toBe('function');
    expect(typeof anyString('x')).toBe('function');
  });
});
