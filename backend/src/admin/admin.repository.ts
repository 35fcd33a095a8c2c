import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { queryRows } from '../database/query-rows';
import { POST_VIEW_COLUMNS, type PostView, type PostViewRow, toPostView } from '../posts/post-view.sql';

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
      // PostsRepository's columns without its "active authors only" filter: staff see and
      // moderate every post. $1 is the staff member, for the liked/retweeted flags.
      queryRows<PostViewRow>(
        this.manager,
        `SELECT ${POST_VIEW_COLUMNS} FROM posts p JOIN users u ON u.id = p.author_id ${where}
          ORDER BY p.created_at DESC, p.id DESC LIMIT $${filter.length + 2} OFFSET $${filter.length + 3}`,
        [viewerId, ...filter, limit, offset],
      ),
      queryRows<{ total: number }>(this.manager, `SELECT count(*)::int AS total FROM posts p ${pattern ? 'WHERE p.search_text LIKE $1' : ''}`, filter),
    ]);
    return { posts: rows.map(toPostView), total: count.total };
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
