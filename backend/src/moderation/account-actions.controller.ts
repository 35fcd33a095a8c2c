import type { AccountActionResponse, AccountActionsPage } from '@gundem/contract';
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import { Roles, STAFF_ROLES } from '../users/roles';
import type { SessionUser } from '../users/session-user';
import { AccountActionsService } from './account-actions.service';
import { CreateAccountActionDto } from './dto/create-account-action.dto';

/**
 * Staff's actions on an account (moderators and admins: guests 401, members 403). Finer rules
 * (nobody on themself, only admins on staff accounts) live in AccountActionsService.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Roles(...STAFF_ROLES)
@Controller('admin')
export class AccountActionsController {
  constructor(private readonly actions: AccountActionsService) {}

  /** The account's actions, newest first (at most 100). */
  @Get('users/:id/actions')
  list(@Param('id', UuidPipe) id: string): Promise<AccountActionsPage> {
    return this.actions.history(id);
  }

  /** `warn`, `sensitive_media`, `limit` or `suspend` (with `days`, or indefinite), with a required reason. */
  @Post('users/:id/actions')
  create(@Param('id', UuidPipe) id: string, @Body() dto: CreateAccountActionDto, @CurrentUser() actor: SessionUser): Promise<AccountActionResponse> {
    return this.actions.create(actor, id, dto);
  }

  /** Undoes the action: a suspension or a limit is lifted, the media marks it set are cleared, a warning is withdrawn, a removed post is restored. */
  @Post('actions/:id/undo')
  @HttpCode(200)
  undo(@Param('id', UuidPipe) id: string, @CurrentUser() actor: SessionUser): Promise<AccountActionResponse> {
    return this.actions.undo(actor, id);
  }
}
