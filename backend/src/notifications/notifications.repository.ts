import { type Media, type MentionSource, NOTIFICATION_ACTORS_SHOWN, NOTIFICATION_COUNT_CAP, type NotificationFilter, type NotificationType } from '@gundem/contract';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Cursor } from '../common/pagination/cursor';
import { pgPool, poolRows, rowsOn } from '../database/query-rows';
import { notBlockedSql } from '../social/blocks.sql';
import { notificationReachesSql } from '../social/limits.sql';
import { protectedReachesSql } from '../social/protected.sql';
import { noMutedWordSql, notMutedSql } from '../social/mutes.sql';

/** Events of one kind, column by column (unnest): who, about what, when; `names` for mentions only. */
export interface EventColumns {
  actorIds: string[];
  targetIds: string[];
  at: Date[];
  names: (string | null)[];
}

/** A group that got a new (or renewed) actor, and whose it is. */
export interface ChangedGroup {
  recipient_id: string;
  group_id: string;
}

/** A group as the list shows it (NotificationGroupView before the wire's names). */
export interface NotificationGroupRow {
  id: string;
  recipient_id: string;
  type: NotificationType;
  post_id: string | null;
  post_content: string | null;
  post_reply_to_id: string | null;
  /** posts.media and posts.sensitive (issue 24): the preview's thumbnails, read in the same row. */
  post_media: Media[] | null;
  post_sensitive: boolean | null;
  latest_at: Date;
  cursor_at: string;
  unread: boolean;
  actor_count: number;
  actors: Array<{ id: string; username: string; displayName: string; isVerified: boolean; profileImage: string | null }>;
}

/** The kinds with actors (every one but `report_resolved`, which names nobody). */
export type ActorType = Exclude<NotificationType, 'report_resolved'>;

export interface NotificationListRequest {
  filter: NotificationFilter;
  limit: number;
  cursor?: Cursor;
}

const EVENTS = `ev AS (
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[]) AS e(actor_id, target_id, at, name)
)`;

/**
 * Whether the recipient row `r` takes notifications of this kind: its settings object's switch
 * (`users.preferences` → notifications.<key>, docs/wire-contract.md#preferences) is not off. A
 * missing key is the default (on). Read from the recipient row the statement joins already: no
 * extra probe, and the plan stays the same.
 */
function takes(key: 'likes' | 'reposts' | 'follows' | 'replies' | 'mentions'): string {
  return `(r.preferences #>> '{notifications,${key}}') IS DISTINCT FROM 'false'`;
}

/**
 * Per kind: the notifications the events call for, as (recipient_id, post_id, actor_id, at),
 * read from what is true NOW — the like, repost or follow row still exists, the post still
 * exists — and never for oneself, for a deactivated recipient, or between two members of whom
 * one blocks the other (issue 25: a blocked member's mention notifies nobody), nor of a kind the
 * recipient switched off in their settings (issue 26: `takes`), nor from a limited
 * sender to a recipient who does not follow it (issue 25's limit: social/limits.sql.ts; a
 * reply or mention carries the sender's post, so a protected sender's reaches only its followers,
 * issue 26: social/protected.sql.ts; a
 * `moderation` notice is the member's own and is not filtered). The row it rests on is locked
 * FOR KEY SHARE until the statement commits, so an unlike (which deletes that row) waits for this
 * insert and its own withdrawal then finds the notification: no notification outlives its like.
 * KEY SHARE does not block the counter updates of posts (no key column changes).
 */
const SOURCES: Record<ActorType, string> = {
  like: `SELECT p.author_id AS recipient_id, p.id AS post_id, ev.actor_id, ev.at
           FROM ev JOIN likes x ON x.user_id = ev.actor_id AND x.post_id = ev.target_id
           JOIN posts p ON p.id = x.post_id JOIN users r ON r.id = p.author_id
          WHERE r.is_active AND ${takes('likes')} AND p.author_id <> ev.actor_id AND ${notBlockedSql('p.author_id', 'ev.actor_id')} AND ${notificationReachesSql('p.author_id', 'ev.actor_id')}
          FOR KEY SHARE OF x`,
  repost: `SELECT p.author_id AS recipient_id, p.id AS post_id, ev.actor_id, ev.at
           FROM ev JOIN reposts x ON x.user_id = ev.actor_id AND x.post_id = ev.target_id
           JOIN posts p ON p.id = x.post_id JOIN users r ON r.id = p.author_id
          WHERE r.is_active AND ${takes('reposts')} AND p.author_id <> ev.actor_id AND ${notBlockedSql('p.author_id', 'ev.actor_id')} AND ${notificationReachesSql('p.author_id', 'ev.actor_id')}
          FOR KEY SHARE OF x`,
  follow: `SELECT x.followee_id AS recipient_id, NULL::uuid AS post_id, ev.actor_id, ev.at
           FROM ev JOIN follows x ON x.follower_id = ev.actor_id AND x.followee_id = ev.target_id
           JOIN users r ON r.id = x.followee_id
          WHERE r.is_active AND ${takes('follows')} AND ${notBlockedSql('x.followee_id', 'ev.actor_id')} AND ${notificationReachesSql('x.followee_id', 'ev.actor_id')}
          FOR KEY SHARE OF x`,
  // The reply itself is the notification's post; the replied-to post's author receives it.
  reply: `SELECT parent.author_id AS recipient_id, p.id AS post_id, ev.actor_id, ev.at
           FROM ev JOIN posts p ON p.id = ev.target_id AND p.author_id = ev.actor_id
           JOIN posts parent ON parent.id = p.reply_to_id JOIN users r ON r.id = parent.author_id
          WHERE r.is_active AND ${takes('replies')} AND parent.author_id <> ev.actor_id AND ${notBlockedSql('parent.author_id', 'ev.actor_id')}
            AND ${notificationReachesSql('parent.author_id', 'ev.actor_id')} AND ${protectedReachesSql('parent.author_id', 'ev.actor_id')}
          FOR KEY SHARE OF p`,
  // A mention of the replied-to author is their reply notification already. A member who takes
  // mentions only from accounts they follow (users.mentions_from) gets none from others.
  mention: `SELECT r.id AS recipient_id, p.id AS post_id, ev.actor_id, ev.at
           FROM ev JOIN posts p ON p.id = ev.target_id AND p.author_id = ev.actor_id
           JOIN users r ON lower(r.username) = lower(ev.name) AND r.is_active AND r.id <> ev.actor_id
          WHERE ${takes('mentions')} AND NOT EXISTS (SELECT 1 FROM posts parent WHERE parent.id = p.reply_to_id AND parent.author_id = r.id)
            AND (r.mentions_from = 'everyone' OR EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = r.id AND f.followee_id = ev.actor_id))
            AND ${notBlockedSql('r.id', 'ev.actor_id')} AND ${notificationReachesSql('r.id', 'ev.actor_id')} AND ${protectedReachesSql('r.id', 'ev.actor_id')}
          FOR KEY SHARE OF p`,
  // An edited post (issue 27): everyone who reposted or quoted it, as Mastodon tells boosters and
  // quoters of an edit; the author is the actor. One who may no longer be reached (a block, a
  // limit, a protected author they stopped following) is not told.
  edit: `SELECT x.user_id AS recipient_id, p.id AS post_id, ev.actor_id, ev.at
           FROM ev JOIN posts p ON p.id = ev.target_id AND p.author_id = ev.actor_id
           CROSS JOIN LATERAL (SELECT rp.user_id FROM reposts rp WHERE rp.post_id = p.id
                               UNION SELECT qp.author_id FROM posts qp WHERE qp.quote_of_id = p.id) x
           JOIN users r ON r.id = x.user_id
          WHERE r.is_active AND x.user_id <> ev.actor_id AND ${notBlockedSql('x.user_id', 'ev.actor_id')}
            AND ${notificationReachesSql('x.user_id', 'ev.actor_id')} AND ${protectedReachesSql('x.user_id', 'ev.actor_id')}
          FOR KEY SHARE OF p`,
  // A quote (issue 27): the quoted post's author is told; the quote is the notification's post.
  quote: `SELECT quoted.author_id AS recipient_id, p.id AS post_id, ev.actor_id, ev.at
           FROM ev JOIN posts p ON p.id = ev.target_id AND p.author_id = ev.actor_id
           JOIN posts quoted ON quoted.id = p.quote_of_id JOIN users r ON r.id = quoted.author_id
          WHERE r.is_active AND quoted.author_id <> ev.actor_id AND ${notBlockedSql('quoted.author_id', 'ev.actor_id')}
            AND ${notificationReachesSql('quoted.author_id', 'ev.actor_id')} AND ${protectedReachesSql('quoted.author_id', 'ev.actor_id')}
          FOR KEY SHARE OF p`,
  // The member themself is the only actor (staff are not named); a suspended member's notice is
  // stored too (it shows once the account is active again).
  moderation: `SELECT r.id AS recipient_id, NULL::uuid AS post_id, ev.actor_id, ev.at
           FROM ev JOIN users r ON r.id = ev.target_id AND r.id = ev.actor_id`,
};

/** Only these kinds can be undone (an unlike, an unrepost, an unfollow). */
export type UndoableType = 'like' | 'repost' | 'follow';

/** The group an event's notification sits in, and whether the row behind it still exists. */
const UNDO: Record<UndoableType, { match: (g: string) => string; present: string }> = {
  like: {
    match: (g) => `${g}.type = 'like' AND ${g}.post_id = ev.target_id`,
    present: `EXISTS (SELECT 1 FROM likes x WHERE x.user_id = ev.actor_id AND x.post_id = ev.target_id)`,
  },
  repost: {
    match: (g) => `${g}.type = 'repost' AND ${g}.post_id = ev.target_id`,
    present: `EXISTS (SELECT 1 FROM reposts x WHERE x.user_id = ev.actor_id AND x.post_id = ev.target_id)`,
  },
  follow: {
    match: (g) => `${g}.type = 'follow' AND ${g}.recipient_id = ev.target_id AND ${g}.post_id IS NULL`,
    present: `EXISTS (SELECT 1 FROM follows x WHERE x.follower_id = ev.actor_id AND x.followee_id = ev.target_id)`,
  },
};

/**
 * At most this many notifications from one sender reach one recipient in an hour (likes,
 * reposts, replies and mentions together; a follow is one group and needs no cap). The rest are
 * dropped: a single account posting 647 mentions of a member in 3 seconds raised that member's
 * unread count by 647 before (issue 25); now by this many. The sender's other recipients, and
 * other senders, are not affected.
 */
export const NOTIFICATIONS_PER_SENDER_PER_HOUR = 20;

/**
 * `src` kept to the per-sender cap: each (recipient, sender) pair's events in time order, as many
 * as the pair's notifications of the last hour leave room for (read by idx_notifications_actor_created,
 * bounded by the cap). Two nodes writing the same pair at the same instant can each let in their
 * share: the cap is a bound on spam, not an exact quota.
 */
const CAPPED = `capped AS (
      SELECT c.recipient_id, c.post_id, c.actor_id, c.at FROM (
        SELECT s.*, row_number() OVER (PARTITION BY s.recipient_id, s.actor_id ORDER BY s.at, s.post_id) AS k FROM src s
      ) c
      WHERE c.k <= ${NOTIFICATIONS_PER_SENDER_PER_HOUR} - (
        SELECT count(*) FROM (
          SELECT 1 FROM notifications n JOIN notification_groups g ON g.id = n.group_id
           WHERE n.actor_id = c.actor_id AND n.created_at > now() - interval '1 hour' AND g.recipient_id = c.recipient_id
           LIMIT ${NOTIFICATIONS_PER_SENDER_PER_HOUR}) x)
    )`;

/**
 * One statement per kind: the groups (upserted, newest time kept), then their actors (one row
 * per actor; a repeat renews its time). Groups are upserted in key order, so two nodes writing
 * overlapping batches lock them in the same order. Answers the groups that got an actor. Every
 * kind but follow passes through the per-sender cap (CAPPED).
 */
function insertSql(type: ActorType): string {
  // A follow is one group; a moderation notice comes from staff, not from a sender to cap.
  const uncapped = type === 'follow' || type === 'moderation';
  const from = uncapped ? 'src' : 'capped';
  return `WITH ${EVENTS},
    src AS (${SOURCES[type]}),${uncapped ? '' : `
    ${CAPPED},`}
    groups AS (
      INSERT INTO notification_groups AS g (recipient_id, type, post_id, latest_at)
      SELECT recipient_id, '${type}', post_id, max(at) FROM ${from} GROUP BY recipient_id, post_id ORDER BY recipient_id, post_id
      ON CONFLICT (recipient_id, type, post_id) DO UPDATE SET latest_at = greatest(g.latest_at, excluded.latest_at)
      RETURNING g.id, g.recipient_id, g.post_id
    ),
    added AS (
      INSERT INTO notifications AS n (group_id, actor_id, created_at)
      SELECT g.id, s.actor_id, max(s.at)
        FROM ${from} s JOIN groups g ON g.recipient_id = s.recipient_id AND g.post_id IS NOT DISTINCT FROM s.post_id
       GROUP BY g.id, s.actor_id
      ON CONFLICT (group_id, actor_id) DO UPDATE SET created_at = greatest(n.created_at, excluded.created_at)
      RETURNING n.group_id
    )
    SELECT DISTINCT g.recipient_id, g.id AS group_id FROM added a JOIN groups g ON g.id = a.group_id`;
}

/** The statement insert() runs for `type`, so a test can EXPLAIN it. */
export function notificationInsertSql(type: ActorType): string {
  return INSERT_SQL[type];
}

const INSERT_SQL = Object.fromEntries((Object.keys(SOURCES) as ActorType[]).map((type) => [type, insertSql(type)])) as Record<ActorType, string>;

/** A group is shown (and counted unread) while it has an active actor; `report_resolved` has none and is always shown. */
const SHOWN = `(x.actor_count > 0 OR x.type = 'report_resolved')`;

/**
 * An actor `u` of group `g` that the recipient blocks or is blocked by, or mutes now, is left
 * out, as a deactivated one is: a block or a mute hides the notifications from before it too,
 * and unmuting shows them again (issue 25). A primary-key probe of mutes per actor read.
 */
const ACTOR_NOT_BLOCKED = `${notBlockedSql('g.recipient_id', 'u.id')} AND ${notMutedSql('g.recipient_id', 'u.id')}`;

/**
 * A reply or mention group whose post matches one of the recipient's active muted words is
 * hidden and not counted (issue 25): the post by primary key, the recipient's words (at most
 * MUTED_WORDS_MAX) by idx_muted_words_user_normalised.
 */
const WORDS_NOT_MUTED = `(g.type NOT IN ('reply', 'mention') OR NOT EXISTS (SELECT 1 FROM posts wp WHERE wp.id = g.post_id
                           AND NOT ${noMutedWordSql('g.recipient_id', 'wp.search_text')}))`;

/**
 * The select list of a group as the list shows it: its post, its active (with `verified`: and
 * verified) actors counted (up to NOTIFICATION_COUNT_CAP: a viral post's group costs a bounded
 * read), the newest NOTIFICATION_ACTORS_SHOWN of them. Both read the actors by
 * idx_notifications_group_created.
 */
function groupColumns(verifiedOnly: boolean): string {
  const actorFilter = `${verifiedOnly ? 'u.is_active AND u.is_verified' : 'u.is_active'} AND ${ACTOR_NOT_BLOCKED}`;
  return `g.id, g.recipient_id, g.type, g.post_id, g.latest_at, g.unread,
       to_char(g.latest_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
       p.content AS post_content, p.reply_to_id AS post_reply_to_id, p.media AS post_media, p.sensitive AS post_sensitive,
       (SELECT count(*)::int FROM (SELECT 1 FROM notifications n JOIN users u ON u.id = n.actor_id
                                    WHERE n.group_id = g.id AND ${actorFilter} LIMIT ${NOTIFICATION_COUNT_CAP}) c) AS actor_count,
       (SELECT coalesce(json_agg(t), '[]'::json) FROM (
          SELECT u.id, u.username, u.display_name AS "displayName", u.is_verified AS "isVerified", u.profile_image AS "profileImage"
            FROM notifications n JOIN users u ON u.id = n.actor_id
           WHERE n.group_id = g.id AND ${actorFilter}
           ORDER BY n.created_at DESC LIMIT ${NOTIFICATION_ACTORS_SHOWN}) t) AS actors`;
}

/** Whether any active actor is left in group `g` (a group with none is hidden and not counted). */
const HAS_ACTIVE_ACTOR = `${WORDS_NOT_MUTED} AND (g.type = 'report_resolved' OR EXISTS (SELECT 1 FROM notifications n JOIN users u ON u.id = n.actor_id WHERE n.group_id = g.id AND u.is_active AND ${ACTOR_NOT_BLOCKED}))`;

/** A member the digest goes to. */
export interface DigestMember {
  id: string;
  email: string;
  display_name: string;
  /** The `display.language` the member chose, null until chosen (the digest is then Turkish). */
  language: string | null;
}

/** One line of a member's digest (a shown unread group). */
export interface DigestLineRow {
  recipient_id: string;
  type: NotificationType;
  latest_at: Date;
  post_content: string | null;
  actor_name: string | null;
  actor_count: number;
}

/** Any constant: the key of the advisory lock that lets one node at a time send digests. */
const DIGEST_LOCK = 7_264_026;

/**
 * claimDigests' statement ($1 limit, $2 the interval between two digests of a member, $3 the last
 * id of the previous batch: each batch continues in recipient order where the last one stopped),
 * exported for its EXPLAIN test.
 */
export const CLAIM_DIGESTS_SQL = `WITH due AS (
    SELECT m.id, m.email, m.display_name, m.preferences #>> '{display,language}' AS language
      FROM (SELECT DISTINCT g.recipient_id AS id FROM notification_groups g WHERE g.unread AND g.recipient_id > $3::uuid) c
      JOIN users m ON m.id = c.id
      LEFT JOIN notification_digests d ON d.user_id = m.id
     WHERE m.is_active AND m.is_email_verified AND (m.preferences #>> '{notifications,email}') IS DISTINCT FROM 'false'
       AND (d.sent_at IS NULL OR d.sent_at <= now() - $2::interval)
       AND EXISTS (SELECT 1 FROM notification_groups g
                    WHERE g.recipient_id = m.id AND g.unread AND g.latest_at > coalesce(d.sent_at, '-infinity'::timestamptz) AND ${HAS_ACTIVE_ACTOR})
     ORDER BY m.id LIMIT $1
  ), recorded AS (
    INSERT INTO notification_digests AS nd (user_id, sent_at) SELECT id, now() FROM due
    ON CONFLICT (user_id) DO UPDATE SET sent_at = excluded.sent_at
    RETURNING nd.user_id
  )
  SELECT due.id, due.email, due.display_name, due.language FROM due JOIN recorded r ON r.user_id = due.id ORDER BY due.id`;

/** The digest's lines: the newest `$2` shown unread groups of each of the members `$1` (query-plans.e2e-spec.ts EXPLAINs it). */
export const DIGEST_LINES_SQL = `SELECT r.id AS recipient_id, x.* FROM unnest($1::uuid[]) AS r(id) CROSS JOIN LATERAL (
               SELECT g.type, g.latest_at, p.content AS post_content,
                      (SELECT u.display_name FROM notifications n JOIN users u ON u.id = n.actor_id
                        WHERE n.group_id = g.id AND u.is_active AND ${ACTOR_NOT_BLOCKED} ORDER BY n.created_at DESC LIMIT 1) AS actor_name,
                      (SELECT count(*)::int FROM (SELECT 1 FROM notifications n JOIN users u ON u.id = n.actor_id
                        WHERE n.group_id = g.id AND u.is_active AND ${ACTOR_NOT_BLOCKED} LIMIT ${NOTIFICATION_COUNT_CAP}) c) AS actor_count
                 FROM notification_groups g LEFT JOIN posts p ON p.id = g.post_id
                WHERE g.recipient_id = r.id AND g.unread AND ${HAS_ACTIVE_ACTOR}
                ORDER BY g.latest_at DESC LIMIT $2) x
             ORDER BY r.id, x.latest_at DESC`;

/**
 * Every SQL statement of notifications (docs/architecture.md#rules). Lists are keyset pages on
 * (latest_at, id) of idx_notification_groups_recipient_latest; the unread count reads the partial
 * index idx_notification_groups_unread (unread groups only).
 */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Whose mentions notify the member (`everyone` for an unknown id: the session guard ran first). */
  async mentionsFrom(userId: string): Promise<MentionSource> {
    const rows = await poolRows<{ mentions_from: MentionSource }>(this.dataSource, {
      text: 'SELECT mentions_from FROM users WHERE id = $1',
      values: [userId],
    });
    return rows[0]?.mentions_from ?? 'everyone';
  }

  async setMentionsFrom(userId: string, value: MentionSource): Promise<MentionSource> {
    const rows = await poolRows<{ mentions_from: MentionSource }>(this.dataSource, {
      text: 'UPDATE users SET mentions_from = $2 WHERE id = $1 RETURNING mentions_from',
      values: [userId, value],
    });
    return rows[0]?.mentions_from ?? value;
  }

  /** Stores the notifications `events` call for (one statement, its own transaction). */
  insert(type: ActorType, events: EventColumns): Promise<ChangedGroup[]> {
    return poolRows<ChangedGroup>(this.dataSource, {
      name: `notifications_insert_${type}`,
      text: INSERT_SQL[type],
      values: [events.actorIds, events.targetIds, events.at, events.names],
    });
  }

  /**
   * `report_resolved` for active members (one statement): each member's one group (post NULL)
   * upserted with the newest time, in key order as insert() does, so it is unread again.
   */
  insertReportResolved(recipientIds: string[], at: Date[]): Promise<ChangedGroup[]> {
    return poolRows<ChangedGroup>(this.dataSource, {
      name: 'notifications_insert_report_resolved',
      text: `INSERT INTO notification_groups AS g (recipient_id, type, post_id, latest_at)
             SELECT e.recipient_id, 'report_resolved', NULL, max(e.at)
               FROM unnest($1::uuid[], $2::timestamptz[]) AS e(recipient_id, at) JOIN users r ON r.id = e.recipient_id AND r.is_active
              GROUP BY e.recipient_id ORDER BY e.recipient_id
             ON CONFLICT (recipient_id, type, post_id) DO UPDATE SET latest_at = greatest(g.latest_at, excluded.latest_at)
             RETURNING g.recipient_id, g.id AS group_id`,
      values: [recipientIds, at],
    });
  }

  /**
   * Withdraws the notifications of undone likes, reposts or follows (those whose row is gone
   * now), in one transaction: the groups concerned are locked first (in key order, as insert
   * upserts them), so each later statement sees every actor committed to them; then the actors
   * go, each group's time falls back to its newest remaining actor, and empty groups go.
   * Answers the recipients who lost a notification.
   */
  async withdraw(type: UndoableType, events: EventColumns): Promise<string[]> {
    const { match, present } = UNDO[type];
    const client = await pgPool(this.dataSource).connect();
    try {
      await client.query('BEGIN');
      const values = [events.actorIds, events.targetIds, events.at, events.names];
      const locked = await rowsOn<{ id: string }>(client, {
        name: `notifications_withdraw_lock_${type}`,
        text: `WITH ${EVENTS}
          SELECT g.id FROM notification_groups g
           WHERE g.id IN (SELECT g2.id FROM ev JOIN notification_groups g2 ON ${match('g2')}
                            JOIN notifications n ON n.group_id = g2.id AND n.actor_id = ev.actor_id)
           ORDER BY g.recipient_id, g.post_id
           FOR UPDATE`,
        values,
      });
      let recipients: string[] = [];
      if (locked.length) {
        const ids = locked.map((g) => g.id);
        const removed = await rowsOn<{ recipient_id: string }>(client, {
          name: `notifications_withdraw_${type}`,
          text: `WITH ${EVENTS}, gone AS (
              DELETE FROM notifications n USING ev, notification_groups g
               WHERE g.id = n.group_id AND g.id = ANY($5::uuid[]) AND n.actor_id = ev.actor_id AND ${match('g')} AND NOT ${present}
              RETURNING n.group_id
            )
            SELECT DISTINCT g.recipient_id FROM gone JOIN notification_groups g ON g.id = gone.group_id`,
          values: [...values, ids],
        });
        recipients = removed.map((r) => r.recipient_id);
        if (recipients.length) {
          await rowsOn(client, {
            name: 'notifications_withdraw_retime',
            text: `UPDATE notification_groups g SET latest_at = m.latest
                     FROM (SELECT group_id, max(created_at) AS latest FROM notifications WHERE group_id = ANY($1::uuid[]) GROUP BY group_id) m
                    WHERE g.id = m.group_id AND g.latest_at <> m.latest`,
            values: [ids],
          });
          await rowsOn(client, {
            name: 'notifications_withdraw_empty',
            text: `DELETE FROM notification_groups g WHERE g.id = ANY($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.group_id = g.id)`,
            values: [ids],
          });
        }
      }
      await client.query('COMMIT');
      return recipients;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** A page of the member's groups, newest first (limit + 1 rows: the extra says more follow). */
  list(recipientId: string, request: NotificationListRequest): Promise<NotificationGroupRow[]> {
    const { text, values } = this.listSql(recipientId, request);
    return poolRows<NotificationGroupRow>(this.dataSource, { text, values });
  }

  /** The statement list() runs, so a test can EXPLAIN it. */
  listSql(recipientId: string, request: NotificationListRequest): { text: string; values: unknown[] } {
    const values: unknown[] = [recipientId];
    const where = ['g.recipient_id = $1', WORDS_NOT_MUTED];
    if (request.filter === 'mentions') where.push(`g.type IN ('mention', 'reply')`);
    if (request.cursor) {
      values.push(request.cursor.createdAt, request.cursor.id);
      where.push(`(g.latest_at, g.id) < ($2::timestamptz, $3::uuid)`);
    }
    const limit = request.limit + 1;
    if (!Number.isSafeInteger(limit) || limit < 2) throw new Error(`invalid page limit ${request.limit}`);
    // The limit in the text (like PostsRepository.listSql) so the plan sees it.
    const text = `SELECT * FROM (
        SELECT ${groupColumns(request.filter === 'verified')}
          FROM notification_groups g LEFT JOIN posts p ON p.id = g.post_id
         WHERE ${where.join(' AND ')}
         ORDER BY g.latest_at DESC, g.id DESC
      ) x WHERE ${request.filter === 'verified' ? 'x.actor_count > 0' : SHOWN} LIMIT ${limit}`;
    return { text, values };
  }

  /** Groups by id as the list shows them (all actors), for `notification:new`; hidden ones are left out. */
  byIds(groupIds: string[]): Promise<NotificationGroupRow[]> {
    if (!groupIds.length) return Promise.resolve([]);
    return poolRows<NotificationGroupRow>(this.dataSource, {
      name: 'notifications_by_ids',
      text: `SELECT * FROM (
          SELECT ${groupColumns(false)} FROM notification_groups g LEFT JOIN posts p ON p.id = g.post_id WHERE g.id = ANY($1::uuid[]) AND ${WORDS_NOT_MUTED}
        ) x WHERE ${SHOWN}`,
      values: [groupIds],
    });
  }

  /** Unread groups with an active actor (up to NOTIFICATION_COUNT_CAP), per member, in one statement. */
  async unreadCounts(recipientIds: string[]): Promise<Map<string, number>> {
    if (!recipientIds.length) return new Map();
    const rows = await poolRows<{ id: string; count: number }>(this.dataSource, {
      name: 'notifications_unread_counts',
      text: `SELECT r.id, (SELECT count(*)::int FROM (SELECT 1 FROM notification_groups g
                                                      WHERE g.recipient_id = r.id AND g.unread AND ${HAS_ACTIVE_ACTOR}
                                                      LIMIT ${NOTIFICATION_COUNT_CAP}) c) AS count
               FROM unnest($1::uuid[]) AS r(id)`,
      values: [recipientIds],
    });
    return new Map(rows.map((r) => [r.id, r.count]));
  }

  /**
   * Of `recipientIds`, those who switched live pushes off (settings' `Anlık bildirimler`,
   * notifications.push): their notifications are stored, not pushed. One primary-key probe each.
   */
  async pushesOff(recipientIds: string[]): Promise<Set<string>> {
    if (!recipientIds.length) return new Set();
    const rows = await poolRows<{ id: string }>(this.dataSource, {
      name: 'notifications_pushes_off',
      text: `SELECT id FROM users WHERE id = ANY($1::uuid[]) AND (preferences #>> '{notifications,push}') = 'false'`,
      values: [recipientIds],
    });
    return new Set(rows.map((r) => r.id));
  }

  async unreadCount(recipientId: string): Promise<number> {
    return (await this.unreadCounts([recipientId])).get(recipientId) ?? 0;
  }

  /**
   * The daily digest's members, claimed (docs/product.md#notifications): active, e-mail verified,
   * the `E-posta bildirimleri` switch on, no digest within `every`, and a shown unread group newer
   * than their last digest. At most `limit`, in id order after `after`; their `notification_digests.sent_at` is
   * set to now in the same statement, and the whole runs under a transaction-scoped advisory lock
   * taken without waiting: with several nodes, one claims and the others get `null` (busy). The
   * claim is recorded before the mail goes out (at most once: a crash in between loses one digest,
   * never sends two). Candidates come from the unread groups' partial index.
   */
  async claimDigests(limit: number, every: string, after = '00000000-0000-0000-0000-000000000000'): Promise<DigestMember[] | null> {
    const client = await pgPool(this.dataSource).connect();
    try {
      await client.query('BEGIN');
      const [{ locked }] = await rowsOn<{ locked: boolean }>(client, { text: 'SELECT pg_try_advisory_xact_lock($1) AS locked', values: [DIGEST_LOCK] });
      if (!locked) {
        await client.query('ROLLBACK');
        return null;
      }
      const members = await rowsOn<DigestMember>(client, { name: 'notifications_claim_digests', text: CLAIM_DIGESTS_SQL, values: [limit, every, after] });
      await client.query('COMMIT');
      return members;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** The newest `perMember` shown unread groups of each member, for the digest's lines (one statement). */
  digestLines(recipientIds: string[], perMember: number): Promise<DigestLineRow[]> {
    if (!recipientIds.length) return Promise.resolve([]);
    return poolRows<DigestLineRow>(this.dataSource, {
      name: 'notifications_digest_lines',
      text: DIGEST_LINES_SQL,
      values: [recipientIds, perMember],
    });
  }

  /** Marks one of the member's groups read (as of its newest actor); false when it is not theirs or gone. */
  async markRead(recipientId: string, groupId: string): Promise<boolean> {
    const rows = await poolRows(this.dataSource, {
      name: 'notifications_mark_read',
      text: `UPDATE notification_groups SET read_at = latest_at WHERE id = $1 AND recipient_id = $2 RETURNING id`,
      values: [groupId, recipientId],
    });
    return rows.length > 0;
  }

  /** Marks every unread group of the member read (the partial index finds them). */
  async markAllRead(recipientId: string): Promise<void> {
    await poolRows(this.dataSource, {
      name: 'notifications_mark_all_read',
      text: `UPDATE notification_groups g SET read_at = latest_at WHERE g.recipient_id = $1 AND g.unread`,
      values: [recipientId],
    });
  }
}
