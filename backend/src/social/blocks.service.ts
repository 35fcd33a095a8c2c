import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { USER_NOT_FOUND } from '../common/common.texts';
import { ActivityEvents } from '../common/activity/activity-events';
import { type Cursor, type Page, toPage } from '../common/pagination/cursor';
import { pgErrorCode } from '../database/query-rows';
import { type BlockListRow, BlocksRepository } from './blocks.repository';
import { CANNOT_BLOCK_SELF } from './social.texts';

/** A change of other modules' state a block or unblock made (the realtime rooms, the kept feeds). */
export type BlockListener = (change: { blockerId: string; blockedId: string; blocking: boolean }) => void | Promise<void>;

/**
 * Blocks (issue 25, docs/product.md#engellemek): `blocker` blocks `blocked`. A block removes both
 * follows in its own statement; every read that shows one member another's posts or account
 * leaves the pair out (blocks.sql.ts), in either direction. The blocked member is never told:
 * no answer says "blocked", only the blocker's own profile view says `blocking`.
 */
@Injectable()
export class BlocksService {
  private readonly listeners: BlockListener[] = [];

  constructor(
    private readonly repository: BlocksRepository,
    private readonly activity: ActivityEvents,
  ) {}

  /** Called after each committed change, awaited before the answer (realtime/ takes each side out of the rooms of the other's posts). */
  onChange(listener: BlockListener): void {
    this.listeners.push(listener);
  }

  /** PUT (`block` true) and DELETE (false) of /users/:id/block: the state asked for, idempotent. */
  async set(blockerId: string, blockedId: string, block: boolean): Promise<{ blocking: boolean }> {
    if (blockerId === blockedId) throw new BadRequestException(CANNOT_BLOCK_SELF);
    let row;
    try {
      row = block ? await this.repository.block(blockerId, blockedId) : await this.repository.unblock(blockerId, blockedId);
    } catch (error) {
      // The account was deleted after the statement's snapshot: the insert's foreign key refuses it.
      if (pgErrorCode(error) === '23503') throw new NotFoundException(USER_NOT_FOUND);
      throw error;
    }
    if (!row.visible) throw new NotFoundException(USER_NOT_FOUND);
    const at = new Date();
    // After the commit: each removed follow as an unfollow (its notification withdrawn, the kept
    // following feeds of the follower dropped, docs/architecture.md#takip-edilenler-akışı).
    for (const [follower, followee] of row.unfollowed) this.activity.publish({ kind: 'follow', actorId: follower, userId: followee, active: false, at });
    // Awaited (each listener handles its own failures): once the answer is out, no push crosses the block.
    if (row.changed) await Promise.all(this.listeners.map((listener) => listener({ blockerId, blockedId, blocking: block })));
    return { blocking: block };
  }

  /** Whether the viewer blocks the account (their own profile view's `blocking`); false for a guest. */
  async isBlocking(viewerId: string | undefined, userId: string): Promise<boolean> {
    if (!viewerId || viewerId === userId) return false;
    return this.repository.isBlocking(viewerId, userId);
  }

  /** Whether either of the two blocks the other (false for a guest or the member themself). */
  async between(a: string | null | undefined, b: string): Promise<boolean> {
    if (!a || a === b) return false;
    return this.repository.between(a, b);
  }

  /** Of `others`, the accounts the member blocks or is blocked by. */
  blockedAmong(userId: string, others: string[]): Promise<string[]> {
    return this.repository.blockedAmong(userId, others);
  }

  /**
   * Of `postIds`, the posts the viewer (null: a guest) may not watch (lowercased ids): of accounts
   * the member blocks or is blocked by, and of protected accounts they do not follow (issue 26).
   */
  async hiddenPostsAmong(userId: string | null, postIds: string[]): Promise<string[]> {
    return (await this.repository.hiddenPostsAmong(userId, postIds)).map((id) => id.toLowerCase());
  }

  /** Every account the member blocks or is blocked by. */
  related(userId: string): Promise<string[]> {
    return this.repository.related(userId);
  }

  /** A page of the accounts the member blocks, newest block first (`Engellenenler`). */
  async list(blockerId: string, limit: number, cursor?: Cursor): Promise<Page<Omit<BlockListRow, 'blockedAt'>>> {
    const rows = await this.repository.list(blockerId, limit, cursor);
    const page = toPage(rows, limit, (row) => ({ createdAt: row.blockedAt, id: row.id }));
    return { items: page.items.map(({ blockedAt: _at, ...user }) => user), nextCursor: page.nextCursor };
  }
}
