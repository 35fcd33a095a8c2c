// Notifications (docs/wire-contract.md#notifications): stored per recipient, grouped, pushed live.
import type { Media } from './media.js';
import type { CursorPage } from './pagination.js';

/**
 * What happened. `reply` and `mention` point at the new post; `follow` has no post.
 * `report_resolved`: staff acted on a report the member sent (no post, no actors: neither the
 * staff member nor what was done is named); one group per member, renewed by each action.
 * `moderation` (issue 25): staff acted on the member's account or decided their appeal; no post,
 * the member themself as its only actor (staff are not named), read on the notices page.
 * `edit` (issue 27): a post the member reposted was edited by its author (Mastodon's `update`);
 * the author is the actor, the post the edited one. `quote` (issue 27): someone quoted the
 * member's post; the quote is the notification's post.
 */
export const NOTIFICATION_TYPES = ['like', 'repost', 'reply', 'follow', 'mention', 'report_resolved', 'moderation', 'edit', 'quote'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The tabs of the Bildirimler screen: `Tümü`, `Bahsedenler` (mentions and replies), `Onaylı` (from verified accounts). */
export const NOTIFICATION_FILTERS = ['all', 'mentions', 'verified'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** The smallest user object: lists of people (notification actors, `@` suggestions). */
export interface UserSummary {
  _id: string;
  id: string;
  username: string;
  displayName: string;
  isVerified: boolean;
  profileImage: string | null;
}

/** The post a notification is about (liked/reposted: the member's post; reply/mention: the new post). */
export interface NotificationPost {
  _id: string;
  id: string;
  content: string;
  replyToId: string | null;
  /** The post's pictures (issue 24), for the preview's thumbnails; optional: older servers leave it out. */
  media?: Media[];
  /** The post is marked `Hassas içerik`: its thumbnails are not shown in the preview. */
  sensitive?: boolean;
}

/**
 * One group, rendered by the client as one line ("Ayşe ve 3 kişi daha gönderini beğendi"):
 * every like of one post is one group, every repost of one post another, all follows one group,
 * each reply and each mention a group of its own. Deactivated actors are left out of `actors`
 * and `actorCount`; a group with none left is not listed. With `filter=verified`, only verified actors.
 */
export interface NotificationGroup {
  /** The group's id: `POST /api/notifications/:id/read` marks it read. */
  id: string;
  type: NotificationType;
  /** Null for `follow`. */
  post: NotificationPost | null;
  /** The newest actors, newest first (at most NOTIFICATION_ACTORS_SHOWN). */
  actors: UserSummary[];
  /** Every (active) actor of the group: "ve {actorCount - 1} kişi daha"; at most NOTIFICATION_COUNT_CAP. */
  actorCount: number;
  /** ISO 8601, UTC: the newest actor's time; the list is ordered by it, newest first. */
  latestAt: string;
  /** False when an actor came after the member last marked it (or everything) read. */
  read: boolean;
}

/** At most this many actors per group in `actors`. */
export const NOTIFICATION_ACTORS_SHOWN = 3;

/**
 * `actorCount` and every unread count are exact up to this and stop there (show "999+"): a
 * post liked a hundred thousand times, or a member who never reads, costs each count a bounded
 * read instead of one that grows with them.
 */
export const NOTIFICATION_COUNT_CAP = 1000;

/** GET /api/notifications?filter=&cursor=&limit= */
export interface NotificationPage extends CursorPage {
  notifications: NotificationGroup[];
  /** Unread groups of the member (all filters), at most NOTIFICATION_COUNT_CAP: the nav badge. */
  unreadCount: number;
}

/** Whose mentions notify the member: anyone's, or only accounts the member follows (issue 25's mention spam). */
export const MENTION_SOURCES = ['everyone', 'following'] as const;
export type MentionSource = (typeof MENTION_SOURCES)[number];

/** GET and PUT /api/notifications/preferences: the member's notification choices kept on the server. */
export interface NotificationPreferences {
  mentionsFrom: MentionSource;
}

/** GET /api/notifications/unread-count */
export interface UnreadCountResponse {
  count: number;
}

/** POST /api/notifications/:id/read and POST /api/notifications/read-all */
export interface NotificationReadResponse {
  unreadCount: number;
}

/** GET /api/users/suggest?q= */
export interface UserSuggestResponse {
  users: UserSummary[];
}

/**
 * `notification:new` to every connection of the recipient (room `user:<id>`), after the
 * notification is stored: the absolute unread count and the group that changed, as the list
 * would show it now. Several changes within a fraction of a second are coalesced into one event
 * carrying the newest state.
 */
export interface NotificationNewEvent {
  unreadCount: number;
  notification: NotificationGroup;
}

/**
 * `notification:read` to every connection of the member when the unread count went down: a group
 * or everything was marked read (on any tab), or a pending notification was withdrawn (an
 * unlike, an unrepost, an unfollow). Absolute: overwrite the badge.
 */
export interface NotificationReadEvent {
  unreadCount: number;
  /** The group marked read; absent for `read-all` and withdrawals. */
  id?: string;
  /** True after `read-all`: every listed group is read. */
  all?: boolean;
}

/** Distinct `@username` mentions of one post that notify (and link); more are plain text. */
export const MAX_MENTIONS_PER_POST = 10;

/** `@` autocompletion: at most this many suggestions. */
export const USER_SUGGEST_LIMIT = 8;
