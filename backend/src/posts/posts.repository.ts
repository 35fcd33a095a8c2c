import { createHash } from 'node:crypto';
import { type Media, POPULAR_WEIGHTS } from '@gundem/contract';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Cursor } from '../common/pagination/cursor';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { pgPool, poolRows, type Queryable, rowsOn } from '../database/query-rows';
import { type LagTolerance, replicaRows, replicaTransaction } from '../database/read-replicas';
import { notBlockedSql, PER_ROW } from '../social/blocks.sql';
import { hiddenLimitedAuthorsSql, notLimitedSql } from '../social/limits.sql';
import { hiddenProtectedAuthorsSql, notProtectedSql } from '../social/protected.sql';
import { hiddenForViewerSql, mutedWordsPatternSql, notMutedSql } from '../social/mutes.sql';
import { NO_FILTER, type ViewerFilter } from '../social/mutes.service';
import { BUMP_VERSION, COUNTS_COLUMNS, type CountsRow } from './engagement-counts';
import { POST_VIEW_COLUMNS, POST_VIEW_COLUMNS_NO_VIEWER, type PostView, type PostViewRow, quotedPostSql, toPostView } from './post-view.sql';

export interface PageRequest {
  limit: number;
  cursor?: Cursor;
}

export interface NewPost {
  authorId: string;
  content: string;
  replyToId: string | null;
  hashtags: string[];
  links: string[];
  searchText: string;
  /** Lowercased `@username` candidates (extractMentions); those naming an active account are stored. */
  mentions: string[];
  /** The post's pictures as the wire has them (posts.media), locked by MediaService.lockForPost. */
  media: Media[];
  sensitive: boolean;
  /** The quoted post (issue 27), checked by the statement: visible to the author, quotable, not a protected account's. */
  quoteOfId: string | null;
}

/** The created post (as PostViewRow) and, for a reply, the parent's counts after it; for a quote, the quoted post's. */
export interface CreatedPostRow extends PostViewRow {
  parent: CountsRow | null;
  quoted_counts: CountsRow | null;
}

/** A prepared statement's name: the same text always gets the same name (pg refuses one name for two texts). */
function statementName(text: string): string {
  return `posts_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
}

/**
 * limit + 1, written into a statement's text, not passed as a parameter: a prepared statement's
 * generic plan cannot see a parameter's value and costs `LIMIT $n` as 10% of the table, so
 * PostgreSQL would plan every execution afresh instead of reusing the plan (see run()).
 */
function pageLimit(page: PageRequest): number {
  const limit = page.limit + 1;
  if (!Number.isSafeInteger(limit) || limit < 2) throw new Error(`invalid page limit ${page.limit}`);
  return limit;
}

/** What a list reads and the (time, id) pair its keyset pages on. */
interface ListSource {
  from: string;
  at: string;
  id: string;
  /** More columns after POST_VIEW_COLUMNS. */
  extra: string;
}

/** Posts with their authors, paged on the post's (created_at, id). */
const POSTS_LIST: ListSource = { from: 'posts p JOIN users u ON u.id = p.author_id', at: 'p.created_at', id: 'p.id', extra: '' };

/** A member's likes, each with its post and author, paged on the like's (created_at, post_id). */
const LIKES_LIST: ListSource = {
  from: 'likes lk JOIN posts p ON p.id = lk.post_id JOIN users u ON u.id = p.author_id',
  at: 'lk.created_at',
  id: 'lk.post_id',
  extra: `, to_char(lk.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS listed_at`,
};

/** A member's bookmarks (issue 27), each with its post and author, paged on the bookmark's (created_at, post_id). */
const BOOKMARKS_LIST: ListSource = {
  from: 'bookmarks bm JOIN posts p ON p.id = bm.post_id JOIN users u ON u.id = p.author_id',
  at: 'bm.created_at',
  id: 'bm.post_id',
  extra: `, to_char(bm.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS listed_at`,
};

/** A post's place in the `Popüler` list: its score when the page was read, then (created_at, id). */
export interface PopularPosition extends Cursor {
  score: number;
}

/** The engagement score of `Popüler` (docs/product.md#explore): likes + 2 × reposts + 2 × replies. */
export const POPULAR_SCORE = `(p.like_count * ${POPULAR_WEIGHTS.like} + p.retweet_count * ${POPULAR_WEIGHTS.repost} + p.reply_count * ${POPULAR_WEIGHTS.reply})`;

/** The two searches of PostsService.search, bound to one transaction (PostsRepository.searching). */
export interface SearchReads {
  /** The trigram index's answer, at any age. */
  indexed(pattern: string, viewerId: string | null, page: PageRequest, hide?: ViewerFilter): Promise<PostView[]>;
  /** The newest `window` posts after the cursor. */
  recent(pattern: string, viewerId: string | null, page: PageRequest, window: number, hide?: ViewerFilter): Promise<PostView[]>;
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
/**
 * The viewer's mutes and muted words as conditions of a post list (issue 25, social/mutes.sql.ts):
 * a primary-key probe of mutes per row when they mute anyone, their words as one pattern
 * parameter when they have any; nothing at all otherwise (and for a guest).
 */
function hiddenFor(viewerId: string | null, hide: ViewerFilter, param: (value: unknown) => string, author: string): string[] {
  if (viewerId === null) return [];
  return hiddenForViewerSql('$1', hide, { author, searchText: 'p.search_text' }, hide.words === null ? null : param(hide.words));
}

/**
 * How many of the newest posts the viewer flags look through for a restricted post the shared
 * first page lacks (PostsRepository.viewerFlags): the page's 21 and the restricted ones between.
 */
export const FLAGS_WINDOW_POSTS = 500;

@Injectable()
export class PostsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Builds `SELECT … FROM <source> WHERE <filters> AND <keyset> ORDER BY … LIMIT n + 1`. */
  private listSql(
    viewerId: string | null,
    filters: (param: (value: unknown) => string) => string[],
    page: PageRequest,
    order: 'newest' | 'oldest',
    source: ListSource = POSTS_LIST,
    /** False for one author's lists: PostsService answers those empty across a block, so no row needs the probe. */
    blockFilter = true,
    /** True for the lists a limited account's posts leave (the everyone timeline, search): social/limits.sql.ts. */
    limitFilter = false,
    /** What the viewer mutes (issue 25): the timeline and search only (a profile and a thread stay as they are). */
    hide: ViewerFilter = NO_FILTER,
  ): Sql {
    // The viewer is $1 when there is one; a guest's statement has no viewer parameter at all.
    const params: unknown[] = viewerId === null ? [] : [viewerId];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    // A member never sees the posts of an account they block or are blocked by (issue 25): two
    // key probes of blocks per row read (social/blocks.sql.ts), whatever the number of posts.
    const where = ['u.is_active', ...(viewerId === null || !blockFilter ? [] : [notBlockedSql('$1', 'u.id')]), ...filters(param), ...hiddenFor(viewerId, hide, param, 'u.id')];
    // A limited account's posts reach only its followers and itself (issue 25): a column test of
    // the joined author row, and a follows key probe for a limited author's rows only.
    if (limitFilter) where.push(notLimitedSql(viewerId === null ? null : '$1', 'u'));
    // A protected account's posts reach only its followers and itself (issue 26), in every list
    // (a profile's tabs, replies, likes, search, the timeline): a column test of the joined
    // author row, and a follows key probe for a protected author's rows only.
    where.push(notProtectedSql(viewerId === null ? null : '$1', 'u'));
    // Row comparison matches the (created_at, id) index order, so PostgreSQL starts the index
    // scan at the cursor instead of filtering rows before it.
    if (page.cursor) {
      where.push(`(${source.at}, ${source.id}) ${order === 'newest' ? '<' : '>'} (${param(page.cursor.createdAt)}::timestamptz, ${param(page.cursor.id)}::uuid)`);
    }
    const direction = order === 'newest' ? 'DESC' : 'ASC';
    // The limit is written into the text (pageLimit).
    const limit = pageLimit(page);
    return {
      text: `SELECT ${viewerId === null ? POST_VIEW_COLUMNS_NO_VIEWER : POST_VIEW_COLUMNS}${source.extra}
        FROM ${source.from}
        WHERE ${where.join(' AND ')}
        ORDER BY ${source.at} ${direction}, ${source.id} ${direction}
        LIMIT ${limit}`,
      params,
    };
  }

  /**
   * `prepared`: sent as a named prepared statement (named after its text), so each pooled
   * connection parses and plans it once; PostgreSQL then reuses a generic plan. Planning was
   * about as costly as running a timeline page. Only for statements whose best plan does not
   * depend on the parameters' values (not search: its plan depends on the pattern).
   */
  private async run(sql: Sql, prepared = false, db?: Queryable, tolerance: LagTolerance = 'guest'): Promise<PostView[]> {
    const query = { ...(prepared ? { name: statementName(sql.text) } : {}), text: sql.text, values: sql.params };
    // A guest's lists and post pages may come from a read replica (database/read-replicas.ts).
    const rows = db ? await rowsOn<PostViewRow>(db, query) : await replicaRows<PostViewRow>(this.dataSource, query, tolerance);
    return rows.map(toPostView);
  }

  /**
   * A list paged on its own row's time (a like's, a bookmark's: the source's `listed_at`), not the
   * post's: each view's cursor is that position. Prepared as `run` does.
   */
  private async runListed(sql: Sql): Promise<PostView[]> {
    const rows = await replicaRows<PostViewRow & { listed_at: string }>(this.dataSource, { name: statementName(sql.text), text: sql.text, values: sql.params }, 'guest');
    return rows.map((row) => ({ ...toPostView(row), cursor: { createdAt: row.listed_at, id: row.id } }));
  }

  /**
   * Explore's `Popüler`: top-level posts of the last `windowHours` by active authors, the highest
   * engagement score first (then newest). The window is a range of idx_posts_created (the
   * day's posts, whatever the table's size), each post's author a primary-key probe, and a top-N
   * sort of what is left; the keyset (score, created_at, id) pages through it. The window's start
   * is computed by PostgreSQL (`now()`), so the statement's text stays the same and is prepared once.
   */
  popularSql(viewerId: string | null, page: { limit: number; after?: PopularPosition }, windowHours: number): Sql {
    const params: unknown[] = viewerId === null ? [] : [viewerId];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (!Number.isSafeInteger(windowHours) || windowHours < 1) throw new Error(`invalid window ${windowHours}`);
    // The window's posts by idx_posts_created, authors checked by a hashed anti-join with the few
    // deactivated accounts (idx_users_inactive) rather than a join with every user, and the top-N
    // sort; only the page's rows then join their authors, each by primary key.
    const where = ['p.reply_to_id IS NULL', `p.created_at > now() - interval '${windowHours} hours'`, 'p.author_id NOT IN (SELECT id FROM users WHERE NOT is_active)'];
    if (viewerId !== null) where.push(notBlockedSql('$1', 'p.author_id'));
    // A limited account's posts only for its followers and itself: an anti-join with the few
    // limited accounts (idx_users_limited), as with the inactive ones.
    where.push(`p.author_id NOT IN (${hiddenLimitedAuthorsSql(viewerId === null ? null : '$1')})`);
    // Likewise a protected account's (issue 26): the few protected accounts by idx_users_protected.
    where.push(`p.author_id NOT IN (${hiddenProtectedAuthorsSql(viewerId === null ? null : '$1')})`);
    if (page.after) {
      where.push(`(${POPULAR_SCORE}, p.created_at, p.id) < (${param(page.after.score)}::int, ${param(page.after.createdAt)}::timestamptz, ${param(page.after.id)}::uuid)`);
    }
    const limit = pageLimit(page);
    return {
      text: `SELECT ${viewerId === null ? POST_VIEW_COLUMNS_NO_VIEWER : POST_VIEW_COLUMNS}, top.score
        FROM (SELECT p.id, ${POPULAR_SCORE} AS score, p.created_at FROM posts p
               WHERE ${where.join(' AND ')}
               ORDER BY score DESC, p.created_at DESC, p.id DESC
               LIMIT ${limit}) top
        JOIN posts p ON p.id = top.id JOIN users u ON u.id = p.author_id
        WHERE u.is_active
        ORDER BY top.score DESC, top.created_at DESC, top.id DESC`,
      params,
    };
  }

  async popular(viewerId: string | null, page: { limit: number; after?: PopularPosition }, windowHours: number): Promise<Array<PostView & { score: number }>> {
    const sql = this.popularSql(viewerId, page, windowHours);
    const rows = await replicaRows<PostViewRow & { score: number }>(this.dataSource, { name: statementName(sql.text), text: sql.text, values: sql.params }, 'guest');
    return rows.map((row) => ({ ...toPostView(row), score: row.score }));
  }

  /** Every member's posts and replies, newest first. */
  timeline(viewerId: string | null, page: PageRequest, hide: ViewerFilter = NO_FILTER): Promise<PostView[]> {
    return this.run(this.timelineSql(viewerId, page, hide), true);
  }

  /** The everyone timeline's statement: a limited account's posts only for its followers and itself; what the viewer mutes left out. */
  timelineSql(viewerId: string | null, page: PageRequest, hide: ViewerFilter = NO_FILTER): Sql {
    return this.listSql(viewerId, () => [], page, 'newest', POSTS_LIST, true, true, hide);
  }

  /**
   * Which of `postIds` the viewer has liked and reposted: primary-key probes of likes and
   * reposts ((user_id, post_id)), for a page read without viewer flags (FirstPageCache); and,
   * in the same statement, which of them are by an account the viewer blocks or is blocked by,
   * or mutes (`hidden`, issue 25: a post's primary key, two key probes of blocks and one of mutes
   * each); the viewer's active muted words as one regular expression (`words`, null without: a
   * range of idx_muted_words_user_created), which the caller tests the page's texts with (in
   * JavaScript: the page is in memory, and PostgreSQL's LIKE and regular expressions cost about
   * 40 µs a row at 50 words); and whether the shared page, read as a guest sees it, lacks a post
   * the viewer may see (`seesLimited`): a post of a limited or protected account (issues 25, 26)
   * that is the viewer's own or one they follow, written at or after `since` (the page's oldest
   * post; null when the page is the whole timeline). That reads the posts from `since` on by
   * idx_posts_created (the page's and the few restricted ones between them), each author's row by
   * its key and, for a restricted author only, a follows key probe: its cost follows the page,
   * not the number of restricted accounts (5% of 100k made it a follows probe each, per request).
   * Past FLAGS_WINDOW_POSTS posts in that range (restricted accounts that write most of the
   * site's posts) it says yes without looking further: the member then reads their own page.
   */
  async viewerFlags(
    viewerId: string,
    postIds: string[],
    since: string | null,
    quotedIds: string[] = [],
  ): Promise<{ liked: Set<string>; reposted: Set<string>; hidden: Set<string>; quoteHidden: Set<string>; words: string | null; seesLimited: boolean }> {
    const flags = { liked: new Set<string>(), reposted: new Set<string>(), hidden: new Set<string>(), quoteHidden: new Set<string>(), words: null as string | null, seesLimited: false };
    const rows = await poolRows<{ post_id: string | null; kind: 'like' | 'repost' | 'hidden' | 'quote-hidden' | 'words' | 'limited'; words: string | null }>(this.dataSource, {
      name: 'posts_viewer_flags',
      text: `SELECT post_id, 'like' AS kind, NULL::text AS words FROM likes WHERE user_id = $1 AND post_id = ANY($2::uuid[])
             UNION ALL
             SELECT post_id, 'repost' AS kind, NULL FROM reposts WHERE user_id = $1 AND post_id = ANY($2::uuid[])
             UNION ALL
             SELECT p.id, 'hidden' AS kind, NULL FROM posts p WHERE p.id = ANY($2::uuid[])
                AND NOT (${notBlockedSql('$1', 'p.author_id', PER_ROW)} AND ${notMutedSql('$1', 'p.author_id', PER_ROW)})
             UNION ALL
             SELECT q.id, 'quote-hidden' AS kind, NULL FROM posts q WHERE q.id = ANY($4::uuid[])
                AND NOT (${notBlockedSql('$1', 'q.author_id', PER_ROW)} AND ${notMutedSql('$1', 'q.author_id', PER_ROW)})
             UNION ALL
             SELECT NULL::uuid, 'limited' AS kind, NULL FROM posts q JOIN users qu ON qu.id = q.author_id
              WHERE q.id = ANY($4::uuid[]) AND qu.protected
                AND (qu.id = $1::uuid OR EXISTS (SELECT 1 FROM follows qf WHERE qf.follower_id = $1::uuid AND qf.followee_id = qu.id))
             UNION ALL
             SELECT NULL::uuid, 'words' AS kind, ${mutedWordsPatternSql('$1')}
             UNION ALL
             SELECT NULL::uuid, 'limited' AS kind, NULL
               FROM (SELECT lp.author_id FROM posts lp WHERE lp.created_at >= coalesce($3::timestamptz, '-infinity')
                      ORDER BY lp.created_at DESC, lp.id DESC LIMIT ${FLAGS_WINDOW_POSTS}) w
               JOIN users lu ON lu.id = w.author_id
              GROUP BY ()
             HAVING count(*) = ${FLAGS_WINDOW_POSTS} OR bool_or((lu.limited OR lu.protected) AND (lu.id = $1::uuid
               OR EXISTS (SELECT 1 FROM follows lf WHERE lf.follower_id = $1::uuid AND lf.followee_id = lu.id)))`,
      values: [viewerId, postIds, since, quotedIds],
    });
    for (const row of rows) {
      if (row.kind === 'limited') flags.seesLimited = true;
      else if (row.kind === 'words') flags.words = row.words;
      else if (row.post_id) (row.kind === 'like' ? flags.liked : row.kind === 'repost' ? flags.reposted : row.kind === 'quote-hidden' ? flags.quoteHidden : flags.hidden).add(row.post_id);
    }
    return flags;
  }

  /**
   * A member's posts and replies, newest first (the profile's `Gönderiler`), without their pinned
   * post: that one heads the first page instead (pinnedByAuthor), once, as on X. A filter of the
   * rows idx_posts_author_created walks, not another index.
   */
  byAuthorSql(authorId: string, viewerId: string | null, page: PageRequest): Sql {
    return this.listSql(viewerId, (param) => [`p.author_id = ${param(authorId)}::uuid`, 'NOT p.is_pinned'], page, 'newest', POSTS_LIST, false);
  }

  byAuthor(authorId: string, viewerId: string | null, page: PageRequest): Promise<PostView[]> {
    return this.run(this.byAuthorSql(authorId, viewerId, page), true);
  }

  /**
   * The member's pinned post (issue 27), or none: one probe of the partial unique index
   * idx_posts_author_pinned, with the read rules of the member's other lists (an active author,
   * a protected account only for its followers and itself; a block answers the whole list empty
   * before this, in PostsService.memberList).
   */
  pinnedByAuthorSql(authorId: string, viewerId: string | null): Sql {
    const params: unknown[] = viewerId === null ? [authorId] : [viewerId, authorId];
    const author = `$${params.length}`;
    return {
      text: `SELECT ${viewerId === null ? POST_VIEW_COLUMNS_NO_VIEWER : POST_VIEW_COLUMNS}
        FROM posts p JOIN users u ON u.id = p.author_id
        WHERE p.author_id = ${author}::uuid AND p.is_pinned AND u.is_active AND ${notProtectedSql(viewerId === null ? null : '$1', 'u')}`,
      params,
    };
  }

  async pinnedByAuthor(authorId: string, viewerId: string | null): Promise<PostView | null> {
    const [view] = await this.run(this.pinnedByAuthorSql(authorId, viewerId), true);
    return view ?? null;
  }

  /**
   * A member's replies, newest first: the partial index idx_posts_author_replies holds only
   * replies, so the walk reads no post of theirs that is not one (posts.threads.e2e-spec.ts
   * EXPLAINs it).
   */
  repliesByAuthorSql(authorId: string, viewerId: string | null, page: PageRequest): Sql {
    return this.listSql(viewerId, (param) => [`p.author_id = ${param(authorId)}::uuid`, 'p.reply_to_id IS NOT NULL'], page, 'newest', POSTS_LIST, false);
  }

  repliesByAuthor(authorId: string, viewerId: string | null, page: PageRequest): Promise<PostView[]> {
    return this.run(this.repliesByAuthorSql(authorId, viewerId, page), true);
  }

  /**
   * A member's posts with pictures, newest first (the profile's Medya tab): the partial index
   * idx_posts_author_media holds only those (media.posts.e2e-spec.ts EXPLAINs it).
   */
  mediaByAuthor(authorId: string, viewerId: string | null, page: PageRequest): Promise<PostView[]> {
    return this.run(this.listSql(viewerId, (param) => [`p.author_id = ${param(authorId)}::uuid`, `p.media <> '[]'::jsonb`], page, 'newest', POSTS_LIST, false), true);
  }

  /**
   * The posts a member liked, newest like first: a keyset page on (likes.created_at, post_id)
   * walking idx_likes_user_created, then each post by primary key; posts of deactivated authors
   * are left out. The page's cursor is the like's position (`listed_at`), not the post's.
   */
  likedBySql(userId: string, viewerId: string | null, page: PageRequest): Sql {
    // A protected member's likes too are only for their followers and themself (issue 26): one
    // probe of the member's row (an InitPlan, read once), then the list or nothing.
    return this.listSql(
      viewerId,
      (param) => {
        const member = param(userId);
        return [`lk.user_id = ${member}::uuid`, `EXISTS (SELECT 1 FROM users lu WHERE lu.id = ${member}::uuid AND ${notProtectedSql(viewerId === null ? null : '$1', 'lu')})`];
      },
      page,
      'newest',
      LIKES_LIST,
    );
  }

  async likedBy(userId: string, viewerId: string | null, page: PageRequest): Promise<PostView[]> {
    return this.runListed(this.likedBySql(userId, viewerId, page));
  }

  /**
   * The viewer's bookmarks, newest bookmark first (issue 27): a keyset page on (created_at,
   * post_id) walking idx_bookmarks_user_created, then each post and its author by primary key,
   * with every list's read filters (deactivated authors, blocks either way, a protected author
   * the viewer no longer follows). The page's cursor is the bookmark's position.
   */
  bookmarksSql(viewerId: string, page: PageRequest): Sql {
    return this.listSql(viewerId, () => ['bm.user_id = $1::uuid'], page, 'newest', BOOKMARKS_LIST);
  }

  async bookmarks(viewerId: string, page: PageRequest): Promise<PostView[]> {
    return this.runListed(this.bookmarksSql(viewerId, page));
  }

  /**
   * Bookmarks post `postId` for `userId` when the member may see it (an active author, no block
   * either way, not a protected account they do not follow); a repeat changes nothing. False when
   * the post is not there for them. One statement: the post's check and the insert.
   */
  async addBookmark(userId: string, postId: string): Promise<boolean> {
    const [row] = await poolRows<{ found: boolean }>(this.dataSource, {
      name: 'bookmarks_add',
      text: `WITH target AS (
               SELECT p.id FROM posts p JOIN users u ON u.id = p.author_id
                WHERE p.id = $2::uuid AND u.is_active AND ${notBlockedSql('$1', 'u.id')} AND ${notProtectedSql('$1', 'u')}
             ), added AS (
               INSERT INTO bookmarks (user_id, post_id) SELECT $1::uuid, id FROM target ON CONFLICT DO NOTHING RETURNING 1
             )
             SELECT EXISTS (SELECT 1 FROM target) AS found`,
      values: [userId, postId],
    });
    return row?.found ?? false;
  }

  async removeBookmark(userId: string, postId: string): Promise<void> {
    await poolRows(this.dataSource, { name: 'bookmarks_remove', text: `DELETE FROM bookmarks WHERE user_id = $1 AND post_id = $2`, values: [userId, postId] });
  }

  async isBookmarked(userId: string, postId: string): Promise<boolean> {
    const [row] = await poolRows<{ bookmarked: boolean }>(this.dataSource, {
      name: 'bookmarks_state',
      text: `SELECT EXISTS (SELECT 1 FROM bookmarks WHERE user_id = $1 AND post_id = $2) AS bookmarked`,
      values: [userId, postId],
    });
    return row?.bookmarked ?? false;
  }

  /**
   * The post (as findView) and the posts above it in its thread, in one statement: a recursive
   * walk up reply_to_id by primary key from the post (depth 0), at most `maxAncestors` steps.
   * The walk stops below a post whose author is deactivated (hidden like everywhere else), so a
   * thread never shows a gap; a deleted ancestor already cut the chain (its replies' reply_to_id
   * became NULL). A topmost ancestor that is itself a reply (its replyTo is set) means more posts
   * are above it. `post` is null for a missing or hidden post.
   */
  async thread(postId: string, viewerId: string | null, maxAncestors: number): Promise<{ post: PostView | null; ancestors: PostView[] }> {
    if (!Number.isSafeInteger(maxAncestors) || maxAncestors < 0) throw new Error(`invalid ancestor bound ${maxAncestors}`);
    const text = `WITH RECURSIVE chain (id, parent_id, depth) AS (
        SELECT p.id, p.reply_to_id, 0
          FROM posts p JOIN users au ON au.id = p.author_id
         WHERE p.id = $2::uuid AND au.is_active AND ${notBlockedSql('$1', 'au.id')} AND ${notProtectedSql('$1', 'au')}
        UNION ALL
        SELECT a.id, a.reply_to_id, c.depth + 1
          FROM chain c JOIN posts a ON a.id = c.parent_id JOIN users au ON au.id = a.author_id
         WHERE c.depth < ${maxAncestors} AND au.is_active AND ${notBlockedSql('$1', 'au.id')} AND ${notProtectedSql('$1', 'au')}
      )
      SELECT ${POST_VIEW_COLUMNS}, c.depth
        FROM chain c JOIN posts p ON p.id = c.id JOIN users u ON u.id = p.author_id
       ORDER BY c.depth DESC`;
    const rows = await replicaRows<PostViewRow & { depth: number }>(this.dataSource, { name: statementName(text), text, values: [viewerId, postId] }, 'guest');
    const last = rows.at(-1);
    if (!last || last.depth !== 0) return { post: null, ancestors: [] };
    return { post: toPostView(last), ancestors: rows.slice(0, -1).map(toPostView) };
  }

  /** Replies to a post, oldest first, so a thread reads top to bottom. */
  replies(postId: string, viewerId: string | null, page: PageRequest): Promise<PostView[]> {
    return this.run(this.listSql(viewerId, (param) => [`p.reply_to_id = ${param(postId)}::uuid`], page, 'oldest'), true);
  }

  /**
   * A hashtag page (GET /api/hashtags/:tag/posts): the posts and replies carrying `tag` (stored
   * form: Turkish lowercase, no `#`), newest first, with the everyone timeline's filters (blocks,
   * limited accounts, what the viewer mutes). Not prepared: the best plan depends on the tag, so
   * PostgreSQL plans it with the value. A rare tag is a bitmap of the GIN index idx_posts_hashtags
   * and a sort of its few posts; a common one a walk of idx_posts_created that stops after a
   * page (hashtag-posts.e2e-spec.ts EXPLAINs both at scale).
   */
  byHashtagSql(tag: string, viewerId: string | null, page: PageRequest, hide: ViewerFilter = NO_FILTER): Sql {
    return this.listSql(viewerId, (param) => [`p.hashtags @> ARRAY[${param(tag)}::text]`], page, 'newest', POSTS_LIST, true, true, hide);
  }

  byHashtag(tag: string, viewerId: string | null, page: PageRequest, hide: ViewerFilter = NO_FILTER): Promise<PostView[]> {
    return this.run(this.byHashtagSql(tag, viewerId, page, hide));
  }

  /**
   * `pattern` is a LIKE pattern over search_text (see likePattern: lowercased with Turkish
   * rules, `%`/`_`/`\` escaped with the default LIKE escape character `\`). A `%…%` LIKE is
   * answered by the trigram GIN index idx_posts_search_trgm (posts.search.e2e-spec.ts EXPLAINs it).
   */
  searchSql(pattern: string, viewerId: string | null, page: PageRequest, hide: ViewerFilter = NO_FILTER): Sql {
    return this.listSql(viewerId, (param) => [`p.search_text LIKE ${param(pattern)}`], page, 'newest', POSTS_LIST, true, true, hide);
  }

  /**
   * Runs `work`'s searches in one transaction whose statements PostgreSQL cancels after
   * SEARCH_STATEMENT_TIMEOUT_MS (`SET LOCAL`: this transaction only; the connection goes back to
   * the pool with the global DB_STATEMENT_TIMEOUT_MS). A search is the heaviest read anyone can
   * send, so it gives up sooner than the rest: a cancelled one is a 503 (AllExceptionsFilter),
   * and its connection is free again for the light routes. Without a timeout, no transaction.
   */
  searching<T>(work: (reads: SearchReads) => Promise<T>): Promise<T> {
    // Anyone's search may read a replica (a second late is fine for a search).
    const reads = (db?: Queryable): SearchReads => ({
      indexed: (pattern, viewerId, page, hide) => this.run(this.searchSql(pattern, viewerId, page, hide), false, db, 'any'),
      recent: (pattern, viewerId, page, window, hide) => this.run(this.searchRecentSql(pattern, viewerId, page, window, hide), false, db, 'any'),
    });
    const timeoutMs = this.config.searchStatementTimeoutMs;
    if (!timeoutMs) return work(reads());
    return replicaTransaction(this.dataSource, 'any', async (db) => {
      // An integer from the validated config: SET takes no bind parameters.
      await rowsOn(db, { text: `SET LOCAL statement_timeout = ${Math.trunc(timeoutMs)}` });
      return work(reads(db));
    });
  }


  /**
   * The same search over only the next `window` posts after the cursor (newest first), walking
   * idx_posts_created: the inner LIMIT bounds the walk, and the outer LIMIT stops it as soon as
   * the page is full, so a common word reads a few hundred rows instead of sorting the 100k
   * rows its trigrams match. A filter cannot move below a LIMIT, so the bound always holds.
   */
  searchRecentSql(pattern: string, viewerId: string | null, page: PageRequest, window: number, hide: ViewerFilter = NO_FILTER): Sql {
    const params: unknown[] = viewerId === null ? [] : [viewerId];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const like = param(pattern);
    const stretch = param(window);
    const keyset = page.cursor ? `WHERE (p.created_at, p.id) < (${param(page.cursor.createdAt)}::timestamptz, ${param(page.cursor.id)}::uuid)` : '';
    const hidden = hiddenFor(viewerId, hide, param, 'u.id').map((c) => ` AND ${c}`).join('');
    return {
      text: `SELECT ${viewerId === null ? POST_VIEW_COLUMNS_NO_VIEWER : POST_VIEW_COLUMNS}
        FROM (SELECT p.* FROM posts p ${keyset} ORDER BY p.created_at DESC, p.id DESC LIMIT ${stretch}) p
        JOIN users u ON u.id = p.author_id
        WHERE u.is_active AND p.search_text LIKE ${like}${viewerId === null ? '' : ` AND ${notBlockedSql('$1', 'u.id')}`}${hidden}
          AND ${notLimitedSql(viewerId === null ? null : '$1', 'u')} AND ${notProtectedSql(viewerId === null ? null : '$1', 'u')}
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${page.limit + 1}`,
      params,
    };
  }

  /** Whether the author of post `postId` blocks `memberId` or is blocked by them (false: no such post). */
  async authorBlocks(postId: string, memberId: string): Promise<boolean> {
    const [row] = await poolRows<{ blocked: boolean }>(this.dataSource, {
      name: 'posts_author_blocks',
      text: `SELECT NOT (${notBlockedSql('$2', 'p.author_id')}) AS blocked FROM posts p WHERE p.id = $1`,
      values: [postId, memberId],
    });
    return row?.blocked ?? false;
  }

  /** Whether post `postId` exists, by an active author, and only a protection keeps it from the viewer (issue 26: `Bu gönderi korunuyor`). */
  async protectedFrom(postId: string, viewerId: string | null): Promise<boolean> {
    const [row] = await poolRows<{ hidden: boolean }>(this.dataSource, {
      name: 'posts_protected_from',
      text: `SELECT u.protected AND u.id IS DISTINCT FROM $2::uuid
                    AND NOT EXISTS (SELECT 1 FROM follows pf WHERE pf.follower_id = $2::uuid AND pf.followee_id = u.id) AS hidden
               FROM posts p JOIN users u ON u.id = p.author_id
              WHERE p.id = $1 AND u.is_active AND ${notBlockedSql('$2', 'u.id')}`,
      values: [postId, viewerId],
    });
    return row?.hidden ?? false;
  }

  /**
   * The `Alıntılar` of a post (issue 27), newest first: a keyset walk of idx_posts_quote_of
   * (quote_of_id, created_at, id), each author by key, with every list's read rules (deactivated
   * authors, blocks either way, protected accounts).
   */
  quotesSql(postId: string, viewerId: string | null, page: PageRequest): Sql {
    return this.listSql(viewerId, (param) => [`p.quote_of_id = ${param(postId)}::uuid`], page, 'newest');
  }

  quotes(postId: string, viewerId: string | null, page: PageRequest): Promise<PostView[]> {
    return this.run(this.quotesSql(postId, viewerId, page), true);
  }

  /**
   * The quote policy of post `postId` set to `quotable` when `authorId` wrote it (issue 27), in one
   * statement: answers its author (null: no such post, or its author is deactivated) and whether
   * it changed anything (false for another member's post).
   */
  async setQuotable(postId: string, authorId: string, quotable: boolean): Promise<{ authorId: string; changed: boolean } | null> {
    const [row] = await poolRows<{ author_id: string; changed: boolean }>(this.dataSource, {
      name: 'posts_set_quotable',
      text: `WITH target AS (
               SELECT p.id, p.author_id FROM posts p JOIN users u ON u.id = p.author_id WHERE p.id = $1 AND u.is_active
             ), changed AS (
               UPDATE posts p SET quotable = $3 FROM target t WHERE p.id = t.id AND t.author_id = $2::uuid RETURNING p.id
             )
             SELECT t.author_id, EXISTS (SELECT 1 FROM changed) AS changed FROM target t`,
      values: [postId, authorId, quotable],
    });
    return row ? { authorId: row.author_id, changed: row.changed } : null;
  }

  /**
   * Whether `authorId` may quote post `postId` (issue 27), said before the create statement (which
   * checks it again): `missing` when it is gone or not theirs to see (a deactivated author, a block
   * either way, a protected account they do not follow), `protected` for a protected account's
   * post they see but may not carry further, `disabled` when its author turned quoting off.
   */
  async quoteTarget(postId: string, authorId: string): Promise<'ok' | 'missing' | 'protected' | 'disabled'> {
    const [row] = await poolRows<{ verdict: 'ok' | 'missing' | 'protected' | 'disabled' }>(this.dataSource, {
      name: 'posts_quote_target',
      text: `SELECT CASE WHEN NOT (qu.is_active AND ${notBlockedSql('$2', 'qu.id')} AND ${notProtectedSql('$2', 'qu')}) THEN 'missing'
                         WHEN qu.protected AND qu.id <> $2::uuid THEN 'protected'
                         WHEN NOT q.quotable THEN 'disabled' ELSE 'ok' END AS verdict
               FROM posts q JOIN users qu ON qu.id = q.author_id WHERE q.id = $1`,
      values: [postId, authorId],
    });
    return row?.verdict ?? 'missing';
  }

  async findView(id: string, viewerId: string | null): Promise<PostView | null> {
    const [view] = await this.run(
      {
        text: `SELECT ${POST_VIEW_COLUMNS} FROM posts p JOIN users u ON u.id = p.author_id WHERE p.id = $2::uuid AND u.is_active AND ${notBlockedSql('$1', 'u.id')} AND ${notProtectedSql('$1', 'u')}`,
        params: [viewerId, id],
      },
      true,
    );
    return view ?? null;
  }

  /**
   * Adds buffered views (PostViewsBuffer) in one statement: `ids[i]` gets `counts[i]` more.
   * Deleted posts are skipped. view_count is in no index, so on a page with room (fillfactor) the
   * update is HOT.
   */
  /** The stored view count of a post (null: no such post). */
  async viewCount(id: string): Promise<number | null> {
    const [row] = await poolRows<{ view_count: number }>(this.dataSource, { name: 'posts_view_count', text: `SELECT view_count FROM posts WHERE id = $1`, values: [id] });
    return row ? row.view_count : null;
  }

  async addViews(ids: string[], counts: number[]): Promise<void> {
    await poolRows(this.dataSource, {
      name: 'posts_add_views',
      text: `UPDATE posts p SET view_count = p.view_count + v.n
             FROM unnest($1::uuid[], $2::int[]) AS v(id, n)
             WHERE p.id = v.id`,
      values: [ids, counts],
    });
  }

  /**
   * A post (or a reply) in one statement, its own transaction: the author's posts_count, the
   * post, and for a reply the parent's reply_count, answering the new post as lists show it and
   * the parent's counts (and engagement version, bumped with reply_count) after it. No row when the parent is missing or hidden (nothing is written
   * then). Counters move by SQL `x = x + 1`; an UPDATE blocked by a concurrent one adds to the
   * newest row version (READ COMMITTED re-check), so parallel replies count exactly.
   *
   * Rows are locked author first, then parent, like before (see AdminPostsService.delete). A
   * parent deleted after the statement's snapshot fails the foreign key (23503).
   *
   * `db`: a client inside a transaction when the post is written with its Idempotency-Key.
   */
  async create(input: NewPost, db: Queryable = pgPool(this.dataSource)): Promise<CreatedPostRow | null> {
    const [row] = await rowsOn<CreatedPostRow>(db, {
      name: 'posts_create',
      text: `WITH parent AS (
          SELECT p.id, u.username FROM posts p JOIN users u ON u.id = p.author_id WHERE p.id = $3 AND u.is_active
             AND ${notBlockedSql('$1', 'u.id')} AND ${notProtectedSql('$1', 'u')}
        ), quoting AS (
          -- The quoted post (issue 27): shown to the author, quotable, and no protected account's
          -- but the author's own (its quote would carry it past its followers).
          SELECT q.id FROM posts q JOIN users qu ON qu.id = q.author_id WHERE q.id = $10 AND qu.is_active AND q.quotable
             AND ${notBlockedSql('$1', 'qu.id')} AND (NOT qu.protected OR qu.id = $1)
        ), author AS (
          UPDATE users SET posts_count = posts_count + 1
          WHERE id = $1 AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM parent)) AND ($10::uuid IS NULL OR EXISTS (SELECT 1 FROM quoting))
          RETURNING id, username, display_name, is_verified, profile_image, media_sensitive, protected
        ), mentioned AS (
          SELECT coalesce(array_agg(m.username ORDER BY array_position($7::text[], lower(m.username))), '{}') AS names
            FROM users m WHERE lower(m.username) = ANY($7::text[]) AND m.is_active
        ), inserted AS (
          INSERT INTO posts (author_id, content, reply_to_id, hashtags, links, search_text, mentions, media, sensitive, forced_sensitive, quote_of_id)
          SELECT a.id, $2, $3, $4::text[], $5::text[], $6, mentioned.names, $8::jsonb,
                 $9 OR (a.media_sensitive AND $8::jsonb <> '[]'::jsonb),
                 -- Sensitive because staff marked the account's media (moderation/), not by the author's choice.
                 NOT $9 AND a.media_sensitive AND $8::jsonb <> '[]'::jsonb, $10::uuid
            FROM author a CROSS JOIN mentioned
          RETURNING *
        ), bumped AS (
          UPDATE posts p SET reply_count = p.reply_count + 1, ${BUMP_VERSION}
          FROM parent
          WHERE p.id = parent.id AND EXISTS (SELECT 1 FROM inserted)
          RETURNING ${COUNTS_COLUMNS}
        ), quote_bumped AS (
          UPDATE posts p SET quote_count = p.quote_count + 1, ${BUMP_VERSION}
          FROM quoting
          WHERE p.id = quoting.id AND EXISTS (SELECT 1 FROM inserted)
          RETURNING ${COUNTS_COLUMNS}
        )
        SELECT p.id, p.content, p.created_at, p.reply_to_id, p.hashtags, p.links, p.mentions,
               p.like_count, p.retweet_count, p.reply_count, p.view_count, p.engagement_version, p.is_edited, p.edited_at, p.is_pinned,
               p.media, p.sensitive, p.quote_of_id, p.quote_count, p.quotable, ${quotedPostSql('$1')} AS quoted,
               to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
               a.id AS author_id, a.username AS author_username, a.display_name AS author_display_name,
               a.is_verified AS author_is_verified, a.profile_image AS author_profile_image, a.protected AS author_protected, false AS liked, false AS reposted,
               (SELECT username FROM parent) AS reply_to_username,
               (SELECT row_to_json(b) FROM bumped b) AS parent,
               (SELECT row_to_json(b) FROM quote_bumped b) AS quoted_counts
        FROM inserted p CROSS JOIN author a`,
      values: [input.authorId, input.content, input.replyToId, input.hashtags, input.links, input.searchText, input.mentions, JSON.stringify(input.media), input.sensitive, input.quoteOfId],
    });
    return row ?? null;
  }
}
