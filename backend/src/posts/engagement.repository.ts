import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { poolRows } from '../database/query-rows';
import { type ToggleMode, type ToggleRow, type ToggleSpec, toggleStatements } from '../database/toggle';
import { BUMP_VERSION, COUNTS_COLUMNS, type CountsRow } from './engagement-counts';
import { type FollowingItem, type FollowingRow, toFollowingItem } from './following-feed.repository';
import { notBlockedSql } from '../social/blocks.sql';
import { notProtectedSql } from '../social/protected.sql';
import { POST_VIEW_COLUMNS_NO_VIEWER } from './post-view.sql';

export type EngagementKind = 'like' | 'repost';
/** `toggle` (POST, the toggles of docs/wire-contract.md#posts), `set` (PUT: liked), `unset` (DELETE: not liked). */
export type EngagementChange = ToggleMode;

/** Table and counter per kind; only these constants are ever put into SQL text. */
const KINDS: Record<EngagementKind, { table: 'likes' | 'reposts'; counter: 'like_count' | 'retweet_count' }> = {
  like: { table: 'likes', counter: 'like_count' },
  repost: { table: 'reposts', counter: 'retweet_count' },
};

/**
 * A like or repost is the toggle idiom of database/toggle.ts: the target is the post if it exists,
 * its author is active and neither blocks the other (hidden posts cannot be engaged with, even by
 * an id kept from before a block: a 404 like any post one cannot see), and the counter UPDATE also
 * bumps the post's engagement_version (one UPDATE, no extra statement).
 *
 * A post deleted after the snapshot fails the insert's foreign key (23503). Locks are taken in the
 * order of the old transaction: the like row, then the post (see AdminPostsService.delete).
 */
function spec(kind: EngagementKind): ToggleSpec {
  const { table, counter } = KINDS[kind];
  return {
    target: `SELECT p.id FROM posts p JOIN users u ON u.id = p.author_id WHERE p.id = $2 AND u.is_active AND ${notBlockedSql('$1', 'u.id')} AND ${notProtectedSql('$1', 'u')}`,
    table,
    actorColumn: 'user_id',
    targetColumn: 'post_id',
    bump: (delta, changed) => [
      `bumped AS (
      UPDATE posts p SET ${counter} = p.${counter}${delta}, ${BUMP_VERSION}
      FROM target t
      WHERE p.id = t.id AND ${changed}
      RETURNING ${COUNTS_COLUMNS}
    )`,
    ],
    counts: '(SELECT row_to_json(b) FROM bumped b)',
  };
}

/** Built once: the statement text never varies per call, so each connection prepares it once. */
const CHANGE_SQL: Record<EngagementKind, Record<EngagementChange, string>> = {
  like: toggleStatements(spec('like')),
  repost: toggleStatements(spec('repost')),
};

/** Every SQL statement of likes and reposts. */
@Injectable()
export class EngagementRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async change(kind: EngagementKind, mode: EngagementChange, userId: string, postId: string): Promise<ToggleRow<CountsRow>> {
    const [row] = await poolRows<ToggleRow<CountsRow>>(this.dataSource, { name: `engagement_${mode}_${kind}`, text: CHANGE_SQL[kind][mode], values: [userId, postId] });
    return row;
  }

  /**
   * The counters and whether the user's row exists, as committed now (a fresh snapshot: a new
   * statement): read together, so the answer is one consistent state even while other toggles
   * of the same user keep landing.
   */
  async state(kind: EngagementKind, userId: string, postId: string): Promise<(CountsRow & { active: boolean }) | null> {
    const { table } = KINDS[kind];
    const [row] = await poolRows<CountsRow & { active: boolean }>(this.dataSource, {
      name: `engagement_state_${kind}`,
      text: `SELECT ${COUNTS_COLUMNS},
                    EXISTS (SELECT 1 FROM ${table} x WHERE x.user_id = $1 AND x.post_id = $2) AS active
               FROM posts p WHERE p.id = $2`,
      values: [userId, postId],
    });
    return row ?? null;
  }

  /**
   * The `Takip edilenler` item of a repost as a guest sees it (the post with `repostedBy` and
   * the repost's time), or null: the repost was taken back, or its post's author or the
   * reposter is deactivated (the feed's own read leaves those out).
   */
  async repostItem(userId: string, postId: string): Promise<FollowingItem | null> {
    const [row] = await poolRows<FollowingRow>(this.dataSource, {
      name: 'engagement_repost_item',
      text: `SELECT ${POST_VIEW_COLUMNS_NO_VIEWER},
                    rb.id AS reposter_id, rb.username AS reposter_username, rb.display_name AS reposter_display_name, rb.is_verified AS reposter_is_verified,
                    to_char(x.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS event_at
               FROM reposts x JOIN posts p ON p.id = x.post_id JOIN users u ON u.id = p.author_id JOIN users rb ON rb.id = x.user_id
              WHERE x.user_id = $1 AND x.post_id = $2 AND u.is_active AND rb.is_active
                -- A protected post's repost is not pushed to the reposter's followers (issue 26): they read it on request, filtered.
                AND NOT u.protected`,
      values: [userId, postId],
    });
    return row ? toFollowingItem(row) : null;
  }
}
