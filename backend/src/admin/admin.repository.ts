import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { queryRows } from '../database/query-rows';
import type { PostView } from '../posts/posts.repository';

export interface DashboardCounts {
  users: { total: number; verified: number; active: number; admins: number };
  posts: { total: number; today: number };
}

/** Calendar days of the statistics ("posts today") are Turkish days, whatever the server's zone. */
export const DASHBOARD_TIME_ZONE = 'Europe/Istanbul';

/**
 * SQL for a Turkish case-insensitive match of `expr` against a pattern made by likePattern():
 * `I`/`İ` become `ı`/`i` before lower(), so the result does not depend on the database's locale.
 */
const turkishLower = (expr: string) => `lower(translate(${expr}, 'IİŞĞÜÖÇ', 'ıişğüöç'))`;

interface AdminPostRow {
  id: string;
  content: string;
  created_at: Date;
  reply_to_id: string | null;
  hashtags: string[];
  links: string[];
  like_count: number;
  retweet_count: number;
  reply_count: number;
  view_count: number;
  is_edited: boolean;
  is_pinned: boolean;
  cursor_at: string;
  author_id: string;
  author_username: string;
  author_display_name: string;
  author_is_verified: boolean;
  liked: boolean;
  retweeted: boolean;
}

/**
 * The post columns of PostsRepository's lists, without its "active authors only" filter: staff
 * see and moderate every post. `$1` is the viewer (the staff member) for the liked/retweeted flags.
 */
const POST_COLUMNS = `
  p.id, p.content, p.created_at, p.reply_to_id, p.hashtags, p.links,
  p.like_count, p.retweet_count, p.reply_count, p.view_count, p.is_edited, p.is_pinned,
  to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
  u.id AS author_id, u.username AS author_username, u.display_name AS author_display_name,
  u.is_verified AS author_is_verified,
  EXISTS (SELECT 1 FROM likes l WHERE l.user_id = $1::uuid AND l.post_id = p.id) AS liked,
  EXISTS (SELECT 1 FROM reposts r WHERE r.user_id = $1::uuid AND r.post_id = p.id) AS retweeted`;

function toView(row: AdminPostRow): PostView {
  return {
    id: row.id,
    content: row.content,
    createdAt: row.created_at,
    replyToId: row.reply_to_id,
    hashtags: row.hashtags,
    links: row.links,
    likeCount: row.like_count,
    retweetCount: row.retweet_count,
    replyCount: row.reply_count,
    viewCount: row.view_count,
    isEdited: row.is_edited,
    isPinned: row.is_pinned,
    liked: row.liked,
    retweeted: row.retweeted,
    author: { id: row.author_id, username: row.author_username, displayName: row.author_display_name, isVerified: row.author_is_verified },
    cursor: { createdAt: row.cursor_at, id: row.id },
  };
}

export interface PostToDelete {
  id: string;
  authorId: string;
  replyToId: string | null;
}

/** Hand-tuned reads and writes of the back-office (page/offset lists, statistics, moderation). */
@Injectable()
export class AdminRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get manager(): EntityManager {
    return this.dataSource.manager;
  }

  async dashboardCounts(): Promise<DashboardCounts> {
    const [row] = await queryRows<Record<string, number>>(
      this.manager,
      `SELECT
         (SELECT count(*) FROM users)::int AS users_total,
         (SELECT count(*) FROM users WHERE is_verified)::int AS users_verified,
         (SELECT count(*) FROM users WHERE is_active)::int AS users_active,
         (SELECT count(*) FROM users WHERE role = 'admin')::int AS users_admins,
         (SELECT count(*) FROM posts)::int AS posts_total,
         (SELECT count(*) FROM posts
           WHERE created_at >= date_trunc('day', now() AT TIME ZONE $1::text) AT TIME ZONE $1::text)::int AS posts_today`,
      [DASHBOARD_TIME_ZONE],
    );
    return {
      users: { total: row.users_total, verified: row.users_verified, active: row.users_active, admins: row.users_admins },
      posts: { total: row.posts_total, today: row.posts_today },
    };
  }

  /**
   * Ids of a page of users, newest first, and the total matching. `patterns` are LIKE patterns
   * (likePattern): the Turkish-lowered one is matched against the Turkish-lowered text, the
   * plainly lowered one against lower(), so `ismail` finds `İsmail` and `isik` finds `ISIK`.
   */
  async userPage(patterns: { turkish: string; plain: string } | null, limit: number, offset: number): Promise<{ ids: string[]; total: number }> {
    const text = `concat_ws(E'\\n', u.username, u.email, u.display_name)`;
    const where = patterns ? `WHERE ${turkishLower(text)} LIKE $1 OR lower(${text}) LIKE $2` : '';
    const params: unknown[] = patterns ? [patterns.turkish, patterns.plain] : [];
    const [ids, [count]] = await Promise.all([
      queryRows<{ id: string }>(
        this.manager,
        `SELECT u.id FROM users u ${where} ORDER BY u.created_at DESC, u.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, offset],
      ),
      queryRows<{ total: number }>(this.manager, `SELECT count(*)::int AS total FROM users u ${where}`, params),
    ]);
    return { ids: ids.map((r) => r.id), total: count.total };
  }

  /** A page of posts of any author, newest first, and the total; `pattern` searches search_text (trigram index). */
  async postPage(viewerId: string, pattern: string | null, limit: number, offset: number): Promise<{ posts: PostView[]; total: number }> {
    const where = pattern ? 'WHERE p.search_text LIKE $2' : '';
    const filter = pattern ? [pattern] : [];
    const [rows, [count]] = await Promise.all([
      queryRows<AdminPostRow>(
        this.manager,
        `SELECT ${POST_COLUMNS} FROM posts p JOIN users u ON u.id = p.author_id ${where}
          ORDER BY p.created_at DESC, p.id DESC LIMIT $${filter.length + 2} OFFSET $${filter.length + 3}`,
        [viewerId, ...filter, limit, offset],
      ),
      queryRows<{ total: number }>(this.manager, `SELECT count(*)::int AS total FROM posts p ${pattern ? 'WHERE p.search_text LIKE $1' : ''}`, filter),
    ]);
    return { posts: rows.map(toView), total: count.total };
  }

  async findPostToDelete(em: EntityManager, id: string, lock: boolean): Promise<PostToDelete | null> {
    const [row] = await queryRows<{ id: string; author_id: string; reply_to_id: string | null }>(
      em,
      `SELECT id, author_id, reply_to_id FROM posts WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return row ? { id: row.id, authorId: row.author_id, replyToId: row.reply_to_id } : null;
  }
}
