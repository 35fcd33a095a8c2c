import type { NotificationPage, NotificationPreferences, NotificationReadResponse, UnreadCountResponse } from '@gundem/contract';
import { Injectable, NotFoundException } from '@nestjs/common';
import { decodeCursor, toPage } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE } from '../common/pagination/page-query.dto';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import type { ListNotificationsDto } from './dto/list-notifications.dto';
import { toNotificationGroup } from './dto/notification.response';
import { NotificationsRepository } from './notifications.repository';
import { NOTIFICATION_NOT_FOUND } from './notifications.texts';

/**
 * A member's own notifications: the list, the unread count, marking read. Every method takes the
 * member from the session and every statement is keyed by them, so nobody reads or marks another
 * member's notifications (another's group id answers 404, as an unknown one does).
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly realtime: RealtimeEvents,
  ) {}

  async list(userId: string, query: ListNotificationsDto): Promise<NotificationPage> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const request = { filter: query.filter ?? 'all', limit, cursor: decodeCursor(query.cursor) } as const;
    // Independent reads: in parallel, on two pooled connections.
    const [rows, unreadCount] = await Promise.all([this.repository.list(userId, request), this.repository.unreadCount(userId)]);
    const page = toPage(rows, limit, (row) => ({ createdAt: row.cursor_at, id: row.id }));
    return { notifications: page.items.map(toNotificationGroup), nextCursor: page.nextCursor, unreadCount };
  }

  async unreadCount(userId: string): Promise<UnreadCountResponse> {
    return { count: await this.repository.unreadCount(userId) };
  }

  async preferences(userId: string): Promise<NotificationPreferences> {
    return { mentionsFrom: await this.repository.mentionsFrom(userId) };
  }

  async setPreferences(userId: string, preferences: NotificationPreferences): Promise<NotificationPreferences> {
    return { mentionsFrom: await this.repository.setMentionsFrom(userId, preferences.mentionsFrom) };
  }

  /** Marks one group read; every open tab of the member gets `notification:read` with the new count. */
  async markRead(userId: string, groupId: string): Promise<NotificationReadResponse> {
    if (!(await this.repository.markRead(userId, groupId))) throw new NotFoundException(NOTIFICATION_NOT_FOUND);
    const unreadCount = await this.repository.unreadCount(userId);
    this.realtime.notificationRead(userId, { unreadCount, id: groupId.toLowerCase() });
    return { unreadCount };
  }

  /** `Tümünü okundu işaretle`: every group read, on every open tab of the member. */
  async markAllRead(userId: string): Promise<NotificationReadResponse> {
    await this.repository.markAllRead(userId);
    const unreadCount = await this.repository.unreadCount(userId);
    this.realtime.notificationRead(userId, { unreadCount, all: true });
    return { unreadCount };
  }
}
