import type { PendingRegistrationsPage, RegistrationDecisionResponse } from '@gundem/contract';
import { Controller, Get, HttpCode, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { HeavyQueryInterceptor } from '../common/concurrency/heavy-queries';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { PageQueryDto } from '../common/pagination/page-query.dto';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import { Roles, STAFF_ROLES } from '../users/roles';
import type { SessionUser } from '../users/session-user';
import { AdminRegistrationsService } from './admin-registrations.service';

/** Registrations waiting for approval (docs/wire-contract.md#registration-approval): staff, moderators and admins. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles(...STAFF_ROLES)
@Controller('admin/registrations')
export class AdminRegistrationsController {
  constructor(private readonly registrations: AdminRegistrationsService) {}

  /** Newest first, keyset-paged (`limit`, `cursor`). */
  @Get()
  @UseInterceptors(HeavyQueryInterceptor)
  list(@Query() query: PageQueryDto): Promise<PendingRegistrationsPage> {
    return this.registrations.pending(query);
  }

  /** The account becomes active and can sign in; the member is mailed. */
  @Post(':id/approve')
  @HttpCode(200)
  approve(@Param('id', UuidPipe) id: string, @CurrentUser() actor: SessionUser): Promise<RegistrationDecisionResponse> {
    return this.registrations.decide(actor, id, true);
  }

  /** The account stays inactive and its login says it was not approved; the member is mailed. */
  @Post(':id/reject')
  @HttpCode(200)
  reject(@Param('id', UuidPipe) id: string, @CurrentUser() actor: SessionUser): Promise<RegistrationDecisionResponse> {
    return this.registrations.decide(actor, id, false);
  }
}
