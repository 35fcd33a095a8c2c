import type { AppealResponse, ModerationNoticesResponse } from '@gundem/contract';
import { Body, Controller, Get, HttpCode, Param, Post, UnauthorizedException, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SameOriginGuard } from '../auth/same-origin.guard';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import type { SessionUser } from '../users/session-user';
import { AppealTokens } from './appeal-token';
import { AppealsService } from './appeals.service';
import { AppealDto, SuspensionAppealDto, SuspensionTokenDto } from './dto/appeal.dto';
import { APPEAL_LINK_INVALID } from './moderation.texts';

/**
 * The member's notices of staff actions and their appeals (docs/wire-contract.md#notices-and-appeals):
 * with a session, or — for a suspended member, who has none — with the token their refused login
 * answered (AppealTokens). The token routes are POSTs with the token in the body (never in a URL
 * that logs or the Referer would keep) and answer only the site's own pages (SameOriginGuard).
 */
@ApiTags('moderation')
@Controller('moderation')
export class NoticesController {
  constructor(
    private readonly appeals: AppealsService,
    private readonly tokens: AppealTokens,
  ) {}

  /** Every action against the signed-in member, newest first, with its appeal. */
  @ApiBearerAuth()
  @Get('notices')
  notices(@CurrentUser() user: SessionUser): Promise<ModerationNoticesResponse> {
    return this.appeals.notices(user.id);
  }

  /** One appeal per action, up to 1,000 characters. */
  @ApiBearerAuth()
  @Post('notices/:id/appeal')
  appeal(@Param('id', UuidPipe) id: string, @Body() dto: AppealDto, @CurrentUser() user: SessionUser): Promise<AppealResponse> {
    return this.appeals.appeal(user.id, id, dto.text);
  }

  /** The suspended member's notices, by the token of their refused login. */
  @Public()
  @UseGuards(SameOriginGuard)
  @Post('suspension/notices')
  @HttpCode(200)
  suspensionNotices(@Body() dto: SuspensionTokenDto): Promise<ModerationNoticesResponse> {
    return this.appeals.notices(this.member(dto.token));
  }

  /** The suspended member's appeal, by the token of their refused login. */
  @Public()
  @UseGuards(SameOriginGuard)
  @Post('suspension/appeal')
  suspensionAppeal(@Body() dto: SuspensionAppealDto): Promise<AppealResponse> {
    return this.appeals.appeal(this.member(dto.token), dto.actionId, dto.text);
  }

  private member(token: string): string {
    const userId = this.tokens.verify(token);
    if (!userId) throw new UnauthorizedException(APPEAL_LINK_INVALID);
    return userId;
  }
}
