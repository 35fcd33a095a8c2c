import type { AppealDecisionResponse, AppealQueue } from '@gundem/contract';
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import { Roles, STAFF_ROLES } from '../users/roles';
import type { SessionUser } from '../users/session-user';
import { AppealsService } from './appeals.service';
import { AppealDecisionDto } from './dto/appeal.dto';

/** Staff's appeals queue (moderators and admins; guests 401, members 403). */
@ApiTags('admin')
@ApiBearerAuth()
@Roles(...STAFF_ROLES)
@Controller('admin/appeals')
export class AppealsController {
  constructor(private readonly appeals: AppealsService) {}

  /** Pending appeals, oldest first, with the action and its reason. */
  @Get()
  queue(): Promise<AppealQueue> {
    return this.appeals.queue();
  }

  /** Accepts: the action is undone in the same transaction; the member is notified. */
  @Post(':id/accept')
  @HttpCode(200)
  accept(@Param('id', UuidPipe) id: string, @Body() dto: AppealDecisionDto, @CurrentUser() actor: SessionUser): Promise<AppealDecisionResponse> {
    return this.appeals.decide(actor, id, true, dto.reply);
  }

  /** Rejects: the action stands; the member is notified. */
  @Post(':id/reject')
  @HttpCode(200)
  reject(@Param('id', UuidPipe) id: string, @Body() dto: AppealDecisionDto, @CurrentUser() actor: SessionUser): Promise<AppealDecisionResponse> {
    return this.appeals.decide(actor, id, false, dto.reply);
  }
}
