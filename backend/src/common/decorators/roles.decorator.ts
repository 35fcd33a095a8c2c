import { SetMetadata } from '@nestjs/common';

export const ROLES = 'roles';
/** Only users whose role is one of these may call the route (RolesGuard); roles are users/roles.ts's. */
export const Roles = (...roles: string[]) => SetMetadata(ROLES, roles);
