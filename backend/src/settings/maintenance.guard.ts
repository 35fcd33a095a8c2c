import { type CanActivate, type ExecutionContext, Injectable, SetMetadata, ServiceUnavailableException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { isStaff } from '../users/roles';
import type { SessionUser } from '../users/session-user';
import { SettingsService } from './settings.service';
import { MAINTENANCE_MESSAGE } from './settings.texts';

const ALLOW_DURING_MAINTENANCE = 'allowDuringMaintenance';

/** A write that stays open in maintenance mode (login, so staff can still sign in). */
export const AllowDuringMaintenance = () => SetMetadata(ALLOW_DURING_MAINTENANCE, true);

/** Reads never change anything, so they stay open to everyone. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Maintenance mode: every write of a non-staff user (guests included) answers 503, except
 * routes marked @AllowDuringMaintenance(). Registered after the JWT guard, so `req.user` is
 * known; a guest calling a route that needs a token therefore still gets the JWT guard's 401.
 * Staff are identified on routes that read the token (public routes such as registration do
 * not, so there staff count as guests). Socket events are not HTTP and are not affected.
 */
@Injectable()
export class MaintenanceGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly settings: SettingsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request & { user?: SessionUser }>();
    if (READS.has(req.method) || isStaff(req.user)) return true;
    if (this.reflector.getAllAndOverride<boolean>(ALLOW_DURING_MAINTENANCE, [context.getHandler(), context.getClass()])) return true;
    if (!(await this.settings.get()).maintenanceMode) return true;
    throw new ServiceUnavailableException(MAINTENANCE_MESSAGE);
  }
}
