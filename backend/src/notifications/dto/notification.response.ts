import type { NotificationGroup, UserSummary } from '@gundem/contract';
import type { NotificationGroupRow } from '../notifications.repository';

/** The contract's group: a change there fails this build. */
export type { NotificationGroup };

export function toNotificationGroup(row: NotificationGroupRow): NotificationGroup {
  const actors: UserSummary[] = row.actors.map((a) => ({
    _id: a.id,
    id: a.id,
    username: a.username,
    displayName: a.displayName,
    isVerified: a.isVerified,
    profileImage: a.profileImage,
  }));
  return {
    id: row.id,
    type: row.type,
    post: row.post_id
      ? { _id: row.post_id, id: row.post_id, content: row.post_content ?? '', replyToId: row.post_reply_to_id, media: row.post_media ?? [], sensitive: row.post_sensitive ?? false }
      : null,
    actors,
    actorCount: row.actor_count,
    latestAt: new Date(row.latest_at).toISOString(),
    read: !row.unread,
  };
}
