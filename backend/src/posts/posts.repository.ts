import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Cursor } from '../common/pagination/cursor';
import { queryRows } from '../database/query-rows';
import { POST_VIEW_COLUMNS, type PostView, type PostViewRow, toPostView } from './post-view.sql';

export interface PageRequest {
  limit: number;
  cursor?: Cursor;
}

/** A statement and its parameters, so a test can EXPLAIN exactly what the API runs. */
export interface Sql {
  text: string;
  params: unknown[];
}

/**
 * Hand-tuned reads of posts. Every list is a keyset page on (created_at, id) served by an index
 * of the migration (no OFFSET), fetches limit + 1 rows to know whether more follow, and hides
 * posts of deactivated authors.
 */
@Injectable()
export class PostsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** Builds `SELECT … WHERE <filters> AND <keyset> ORDER BY … LIMIT n + 1`. */
  private listSql(viewerId: string | null, filters: (param: (value: unknown) => string) => string[], page: PageRequest, order: 'newest' | 'oldest'): Sql {
    const params: unknown[] = [viewerId];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where = ['u.is_active', ...filters(param)];
    // Row comparison matches the (created_at, id) index order, so PostgreSQL starts the index
    // scan at the cursor instead of filtering rows before it.
    if (page.cursor) {
      where.push(`(p.created_at, p.id) ${order === 'newest' ? '<' : '>'} (${param(page.cursor.createdAt)}::timestamptz, ${param(page.cursor.id)}::uuid)`);
    }
    const direction = order === 'newest' ? 'DESC' : 'ASC';
    return {
      text: `SELECT ${POST_VIEW_COLUMNS}
        FROM posts p JOIN users u ON u.id = p.author_id
        WHERE ${where.join(' AND ')}
        ORDER BY p.created_at ${direction}, p.id ${direction}
        LIMIT ${param(page.limit + 1)}`,
      params,
    };
  }

  private async run(sql: Sql): Promise<PostView[]> {
    const rows = await queryRows<PostViewRow>(this.manager, sql.text, sql.params);
    return rows.map(toPostView);
  }

  /** Every member's posts and replies, newest first. */
  timeline(viewerId: string | null, page: PageRequest): Promise<PostView[]> {
    return this.run(this.listSql(viewerId, () => [], page, 'newest'));
  }

  byAuthor(authorId: string, viewerId: string | null, page: PageRequest): Promise<PostView[]> {
    return this.run(this.listSql(viewerId, (param) => [`p.author_id = ${param(authorId)}::uuid`], page, 'newest'));
  }

  /** Replies to a post, oldest first, so a thread reads top to bottom. */
  replies(postId: string, viewerId: string | null, page: PageRequest): Promise<PostView[]> {
    return this.run(this.listSql(viewerId, (param) => [`p.reply_to_id = ${param(postId)}::uuid`], page, 'oldest'));
  }

  /**
   * `pattern` is a LIKE pattern over search_text (see likePattern: lowercased with Turkish
   * rules, `%`/`_`/`\` escaped with the default LIKE escape character `\`). A `%…%` LIKE is
   * answered by the trigram GIN index idx_posts_search_trgm (posts.search.e2e-spec.ts EXPLAINs it).
   */
  searchSql(pattern: string, viewerId: string | null, page: PageRequest): Sql {
    return this.listSql(viewerId, (param) => [`p.search_text LIKE ${param(pattern)}`], page, 'newest');
  }

  search(pattern: string, viewerId: string | null, page: PageRequest): Promise<PostView[]> {
    return this.run(this.searchSql(pattern, viewerId, page));
  }

  /**
   * The same search over only the next `window` posts after the cursor (newest first), walking
   * idx_posts_created: the inner LIMIT bounds the walk, and the outer LIMIT stops it as soon as
   * the page is full, so a common word reads a few hundred rows instead of sorting the 100k
   * rows its trigrams match. A filter cannot move below a LIMIT, so the bound always holds.
   */
  searchRecentSql(pattern: string, viewerId: string | null, page: PageRequest, window: number): Sql {
    const params: unknown[] = [viewerId, pattern];
    const keyset = page.cursor ? 'WHERE (p.created_at, p.id) < ($4::timestamptz, $5::uuid)' : '';
    if (page.cursor) params.push(page.cursor.createdAt, page.cursor.id);
    return {
      text: `SELECT ${POST_VIEW_COLUMNS}
        FROM (SELECT p.* FROM posts p ${keyset} ORDER BY p.created_at DESC, p.id DESC LIMIT $3) p
        JOIN users u ON u.id = p.author_id
        WHERE u.is_active AND p.search_text LIKE $2
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${page.limit + 1}`,
      params: [...params.slice(0, 2), window, ...params.slice(2)],
    };
  }

  searchRecent(pattern: string, viewerId: string | null, page: PageRequest, window: number): Promise<PostView[]> {
    return this.run(this.searchRecentSql(pattern, viewerId, page, window));
  }

  async findView(id: string, viewerId: string | null): Promise<PostView | null> {
    const [view] = await this.run({
      text: `SELECT ${POST_VIEW_COLUMNS} FROM posts p JOIN users u ON u.id = p.author_id WHERE p.id = $2::uuid AND u.is_active`,
      params: [viewerId, id],
    });
    return view ?? null;
  }

  /** Counts one view and reads the post in one statement; null when missing or hidden. */
  async viewAndFind(id: string, viewerId: string | null): Promise<PostView | null> {
    const [view] = await this.run({
      text: `WITH viewed AS (
          UPDATE posts p SET view_count = p.view_count + 1
          FROM users u
          WHERE p.id = $2::uuid AND u.id = p.author_id AND u.is_active
          RETURNING p.*
        )
        SELECT ${POST_VIEW_COLUMNS} FROM viewed p JOIN users u ON u.id = p.author_id`,
      params: [viewerId, id],
    });
    return view ?? null;
  }

  /** Whether the post exists and its author is active (hidden posts cannot be engaged with). */
  async isVisible(manager: EntityManager, id: string): Promise<boolean> {
    const rows = await queryRows(manager, `SELECT 1 FROM posts p JOIN users u ON u.id = p.author_id WHERE p.id = $1 AND u.is_active`, [id]);
    return rows.length > 0;
  }
}
