import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Cursor } from '../common/pagination/cursor';
import { pgPool, type Queryable, queryRows, rowsOn } from '../database/query-rows';
import { notBlockedSql } from '../social/blocks.sql';

const CURSOR_AT = `to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** The conversation of users $1 and $2, written exactly as idx_messages_pair_created is. */
const PAIR = `least(m.sender_id, m.receiver_id) = least($1::uuid, $2::uuid)
  AND greatest(m.sender_id, m.receiver_id) = greatest($1::uuid, $2::uuid)`;

export interface MessageRow {
  id: string;
  text: string;
  createdAt: Date;
  senderId: string;
  /** created_at with PostgreSQL's microseconds, for the page cursor. */
  cursor: Cursor;
}

export interface ConversationRow {
  otherId: string;
  username: string;
  displayName: string;
  isVerified: boolean;
  profileImage: string | null;
  last: MessageRow & { readAt: Date | null };
  unreadCount: number;
}

interface RawMessage {
  id: string;
  text: string;
  created_at: Date;
  sender_id: string;
  cursor_at: string;
}

const toMessage = (row: RawMessage): MessageRow => ({
  id: row.id,
  text: row.text,
  createdAt: row.created_at,
  senderId: row.sender_id,
  cursor: { createdAt: row.cursor_at, id: row.id },
});

/**
 * Hand-tuned reads and writes of messages. Every read is filtered by the viewer's id, so no
 * statement here can return a third person's messages.
 */
@Injectable()
export class MessagesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /**
   * The viewer's conversations, newest last message first, in one statement: DISTINCT ON picks
   * each conversation's latest message, a correlated count (on idx_messages_unread) its unread
   * messages; the keyset is the latest message's (created_at, id).
   */
  async conversations(viewerId: string, page: { limit: number; cursor?: Cursor }): Promise<ConversationRow[]> {
    const params: unknown[] = [viewerId];
    let keyset = '';
    if (page.cursor) {
      params.push(page.cursor.createdAt, page.cursor.id);
      keyset = `AND (l.created_at, l.id) < ($2::timestamptz, $3::uuid)`;
    }
    params.push(page.limit + 1);
    const rows = await queryRows<
      RawMessage & { other_id: string; read_at: Date | null; username: string; display_name: string; is_verified: boolean; profile_image: string | null; unread_count: number }
    >(
      this.manager,
      `WITH latest AS (
         SELECT DISTINCT ON (other_id) other_id, id, text, created_at, sender_id, read_at, cursor_at
         FROM (
           SELECT CASE WHEN m.sender_id = $1::uuid THEN m.receiver_id ELSE m.sender_id END AS other_id,
                  m.id, m.text, m.created_at, m.sender_id, m.read_at, ${CURSOR_AT} AS cursor_at
           FROM messages m
           WHERE m.sender_id = $1::uuid OR m.receiver_id = $1::uuid
         ) mine
         ORDER BY other_id, created_at DESC, id DESC
       ),
       -- The page is cut before the join (every other_id has its user: the foreign keys
       -- cascade), so only its rows look up their user and unread count by index, never
       -- a hash of the whole users table.
       -- A conversation with an account the viewer blocks or is blocked by is left out (issue 25).
       page AS (
         SELECT * FROM latest l
         WHERE ${notBlockedSql('$1', 'l.other_id')} ${keyset}
         ORDER BY l.created_at DESC, l.id DESC
         LIMIT $${params.length}
       )
       SELECT l.*, u.username, u.display_name, u.is_verified, u.profile_image,
              (SELECT count(*)::int FROM messages x
                WHERE x.receiver_id = $1::uuid AND x.sender_id = l.other_id AND x.read_at IS NULL) AS unread_count
       FROM page l JOIN users u ON u.id = l.other_id
       ORDER BY l.created_at DESC, l.id DESC`,
      params,
    );
    return rows.map((row) => ({
      otherId: row.other_id,
      username: row.username,
      displayName: row.display_name,
      isVerified: row.is_verified,
      profileImage: row.profile_image,
      last: { ...toMessage(row), readAt: row.read_at },
      unreadCount: row.unread_count,
    }));
  }

  /** The microsecond position of a message of this conversation; undefined if it is not one. */
  async positionInConversation(viewerId: string, otherId: string, messageId: string): Promise<Cursor | undefined> {
    const [row] = await queryRows<{ cursor_at: string }>(
      this.manager,
      `SELECT ${CURSOR_AT} AS cursor_at FROM messages m WHERE m.id = $3::uuid AND ${PAIR}`,
      [viewerId, otherId, messageId],
    );
    return row ? { createdAt: row.cursor_at, id: messageId } : undefined;
  }

  /** One page of the conversation, newest first: before `cursor`, after `after` (both optional). */
  async page(viewerId: string, otherId: string, page: { limit: number; cursor?: Cursor; after?: Cursor }): Promise<MessageRow[]> {
    const params: unknown[] = [viewerId, otherId];
    const where = [PAIR];
    if (page.cursor) {
      params.push(page.cursor.createdAt, page.cursor.id);
      where.push(`(m.created_at, m.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    if (page.after) {
      params.push(page.after.createdAt, page.after.id);
      where.push(`(m.created_at, m.id) > ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(page.limit + 1);
    const rows = await queryRows<RawMessage>(
      this.manager,
      `SELECT m.id, m.text, m.created_at, m.sender_id, ${CURSOR_AT} AS cursor_at
       FROM messages m
       WHERE ${where.join(' AND ')}
       ORDER BY least(m.sender_id, m.receiver_id), greatest(m.sender_id, m.receiver_id), m.created_at DESC, m.id DESC
       LIMIT $${params.length}`,
      params,
    );
    return rows.map(toMessage);
  }

  /**
   * Marks what `senderId` sent to `receiverId` as read: how many changed, and the newest of them
   * with its read time (for `message:read`), or undefined when none was unread.
   */
  async markRead(receiverId: string, senderId: string): Promise<{ count: number; lastId: string; readAt: Date } | undefined> {
    const [row] = await queryRows<{ n: number; last_id: string | null; read_at: Date | null }>(
      this.manager,
      `WITH marked AS (
         UPDATE messages SET read_at = now()
         WHERE receiver_id = $1::uuid AND sender_id = $2::uuid AND read_at IS NULL
         RETURNING id, created_at, read_at
       )
       SELECT count(*)::int AS n, (array_agg(id ORDER BY created_at DESC, id DESC))[1] AS last_id, max(read_at) AS read_at FROM marked`,
      [receiverId, senderId],
    );
    if (!row?.n || !row.last_id || !row.read_at) return undefined;
    return { count: row.n, lastId: row.last_id, readAt: row.read_at };
  }

  /**
   * The viewer's newest message to `otherId` and when it was read (null while unread); undefined
   * when they sent none. Walks the conversation's index newest first to the viewer's latest.
   */
  async lastSent(viewerId: string, otherId: string): Promise<{ id: string; readAt: Date | null } | undefined> {
    const [row] = await queryRows<{ id: string; read_at: Date | null }>(
      this.manager,
      `SELECT m.id, m.read_at FROM messages m
       WHERE ${PAIR} AND m.sender_id = $1::uuid
       ORDER BY least(m.sender_id, m.receiver_id), greatest(m.sender_id, m.receiver_id), m.created_at DESC, m.id DESC
       LIMIT 1`,
      [viewerId, otherId],
    );
    return row ? { id: row.id, readAt: row.read_at } : undefined;
  }

  /**
   * Messages to the member not yet read, counted up to `cap` (on idx_messages_unread: a prefix
   * range of the partial index, at most `cap` entries read).
   */
  async unreadTotal(receiverId: string, cap: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.manager,
      `SELECT count(*)::int AS n FROM (
         SELECT 1 FROM messages m WHERE m.receiver_id = $1::uuid AND m.read_at IS NULL AND ${notBlockedSql('$1', 'm.sender_id')} LIMIT $2
       ) unread`,
      [receiverId, cap],
    );
    return row?.n ?? 0;
  }

  /**
   * unreadTotal for `message:new`, or null when the receiver switched message notifications off
   * (settings' `Mesajlar`, notifications.messages): then the badge is not pushed. One statement.
   */
  async unreadTotalToPush(receiverId: string, cap: number): Promise<number | null> {
    const [row] = await queryRows<{ n: number | null }>(
      this.manager,
      `SELECT CASE WHEN (u.preferences #>> '{notifications,messages}') = 'false' THEN NULL ELSE (
                SELECT count(*)::int FROM (
                  SELECT 1 FROM messages m WHERE m.receiver_id = u.id AND m.read_at IS NULL AND ${notBlockedSql('u.id', 'm.sender_id')} LIMIT $2
                ) unread) END AS n
         FROM users u WHERE u.id = $1::uuid`,
      [receiverId, cap],
    );
    return row ? row.n : null;
  }

  /** `db`: a client inside a transaction when the message is sent with its Idempotency-Key. */
  async insert(senderId: string, receiverId: string, text: string, db: Queryable = pgPool(this.dataSource)): Promise<MessageRow> {
    const [row] = await rowsOn<RawMessage>(db, {
      text: `INSERT INTO messages AS m (sender_id, receiver_id, text) VALUES ($1::uuid, $2::uuid, $3)
       RETURNING m.id, m.text, m.created_at, m.sender_id, ${CURSOR_AT} AS cursor_at`,
      values: [senderId, receiverId, text],
    });
    return toMessage(row);
  }

  /** Unread messages between the two, per direction (on `db`, it sees that transaction's insert). */
  async unreadBetween(a: string, b: string, db: Queryable = pgPool(this.dataSource)): Promise<{ toA: number; toB: number }> {
    const [row] = await rowsOn<{ to_a: number; to_b: number }>(db, {
      text: `SELECT count(*) FILTER (WHERE m.receiver_id = $1::uuid)::int AS to_a,
              count(*) FILTER (WHERE m.receiver_id = $2::uuid)::int AS to_b
       FROM messages m
       WHERE m.read_at IS NULL
         AND ((m.receiver_id = $1::uuid AND m.sender_id = $2::uuid) OR (m.receiver_id = $2::uuid AND m.sender_id = $1::uuid))`,
      values: [a, b],
    });
    return { toA: row?.to_a ?? 0, toB: row?.to_b ?? 0 };
  }
}
