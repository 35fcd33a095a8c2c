import { SetMetadata } from '@nestjs/common';
import type { UserRole } from '../../users/user.entity';

export const ROLES = 'roles';
export const Roles = (...roles: UserRole[]) => SetMetadata(ROLES, roles);
