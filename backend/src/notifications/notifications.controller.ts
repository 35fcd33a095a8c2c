import type { NotificationPage, NotificationPreferences, NotificationReadResponse, UnreadCountResponse } from '@gundem/contract';
import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import type { SessionUser } from '../users/session-user';
import { ListNotificationsDto } from './dto/list-notifications.dto';
import { NotificationPreferencesDto } from './dto/notification-preferences.dto';
import { NotificationsService } from './notifications.service';

/** The signed-in member's notifications (docs/wire-contract.md#notifications); every route needs a session. */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /** Grouped notifications, newest first, with the unread count. */
  @Get()
  list(@CurrentUser() user: SessionUser, @Query() query: ListNotificationsDto): Promise<NotificationPage> {
    return this.notifications.list(user.id, query);
  }

  /** The nav badge after a reload. */
  @Get('unread-count')
  unreadCount(@CurrentUser() user: SessionUser): Promise<UnreadCountResponse> {
    return this.notifications.unreadCount(user.id);
  }

  /** The member's notification choices (today: whose mentions notify them). */
  @Get('preferences')
  preferences(@CurrentUser() user: SessionUser): Promise<NotificationPreferences> {
    return this.notifications.preferences(user.id);
  }

  /** Replaces the member's notification choices; they apply to the next notification written. */
  @Put('preferences')
  setPreferences(@CurrentUser() user: SessionUser, @Body() dto: NotificationPreferencesDto): Promise<NotificationPreferences> {
    return this.notifications.setPreferences(user.id, dto);
  }

  /** Tümünü okundu işaretle. */
  @Post('read-all')
  @HttpCode(200)
  readAll(@CurrentUser() user: SessionUser): Promise<NotificationReadResponse> {
    return this.notifications.markAllRead(user.id);
  }

  /** Marks one notification group read. */
  @Post(':id/read')
  @HttpCode(200)
  read(@Param('id', UuidPipe) id: string, @CurrentUser() user: SessionUser): Promise<NotificationReadResponse> {
    return this.notifications.markRead(user.id, id);
  }
}
