import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ActivityEvents } from '../common/activity/activity-events';
import { type Cursor, type Page, toPage } from '../common/pagination/cursor';
import { pgErrorCode, type Queryable } from '../database/query-rows';
import { type FollowRequestRow, FollowRequestsRepository } from './follow-requests.repository';
import { CANNOT_REQUEST_SELF, FOLLOW_REQUEST_NOT_FOUND, PROTECTION_ACCOUNT_NOT_FOUND } from './social.texts';

/** A deadlock between an approval and a concurrent follow of the same pair (rows locked in another order) is retried this often. */
const DEADLOCK_ATTEMPTS = 3;

/**
 * Protected accounts (issue 26, `Gönderilerimi koru`, docs/product.md#korunan-hesaplar): what
 * protection means for the follow graph. A follow of a protected account is a request
 * (follow_requests) the account approves or declines; turning protection off approves every
 * pending request. Reads elsewhere hide a protected account's posts from non-followers
 * (protected.sql.ts). Pushes and notifications follow the commits through ActivityEvents.
 */
@Injectable()
export class FollowRequestsService {
  constructor(
    private readonly repository: FollowRequestsRepository,
    private readonly activity: ActivityEvents,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Turns protection on or off for the member (the settings' `privacy.protectedTweets`). Off: in
   * the same transaction every pending request becomes a follow (counters exact, each follower
   * notified as a follow would be). Existing followers stay either way. 404 for an account that is
   * not an active one. Idempotent.
   */
  async setProtected(userId: string, on: boolean): Promise<{ protected: boolean; approved: string[] }> {
    const approved = await this.inTransaction(async (em) => {
      if (!(await this.repository.setProtected(em, userId, on))) throw new NotFoundException(PROTECTION_ACCOUNT_NOT_FOUND);
      return on ? [] : (await this.repository.approve(em, userId, null)).followers;
    });
    this.protectionChanged(userId, on, approved);
    return { protected: on, approved };
  }

  /**
   * `setProtected`'s writes inside a caller's transaction (`db`: the settings' save writes
   * `privacy.protectedTweets` with the rest of the settings object in one transaction). The
   * caller calls `protectionChanged` with the answer once it committed. 404 for no active account.
   */
  async writeProtected(db: Queryable, userId: string, on: boolean): Promise<string[]> {
    const approved = await this.repository.setProtectedOn(db, userId, on);
    if (!approved) throw new NotFoundException(PROTECTION_ACCOUNT_NOT_FOUND);
    return approved;
  }

  /** After a committed change of protection: the events of `setProtected` (and of each approval it made). */
  protectionChanged(userId: string, on: boolean, approved: string[]): void {
    const at = new Date();
    // The kept feeds that may show the member's posts through reposts are rebuilt.
    this.activity.publish({ kind: 'protection', actorId: userId, userId, active: on, at });
    for (const follower of approved) this.approvedEvents(userId, follower, at);
  }

  /** The viewer's standing with a protected account, for a profile and a follow button. */
  async requested(requesterId: string | undefined, targetId: string): Promise<boolean> {
    if (!requesterId || requesterId === targetId) return false;
    return (await this.repository.state(requesterId, targetId))?.requested ?? false;
  }

  /**
   * What a follow of `targetId` is for `requesterId`: `follow` (a plain follow: the account is
   * not protected, or they follow it already), `requested` (a request is pending, now or
   * already), or `missing` (no such active account). 400 for oneself.
   */
  async ask(requesterId: string, targetId: string): Promise<{ outcome: 'follow' } | { outcome: 'requested'; followersCount: number } | { outcome: 'missing' }> {
    if (requesterId === targetId) throw new BadRequestException(CANNOT_REQUEST_SELF);
    const state = await this.repository.state(requesterId, targetId);
    if (!state || !state.active) return { outcome: 'missing' };
    if (!state.protected || state.following) return { outcome: 'follow' };
    try {
      const change = await this.repository.request(requesterId, targetId);
      // Protection went off in between: a plain follow.
      if (!change.protected) return { outcome: 'follow' };
      if (change.added) this.activity.publish({ kind: 'follow-request', actorId: requesterId, userId: targetId, state: 'pending', at: new Date() });
    } catch (error) {
      if (pgErrorCode(error) === '23503') return { outcome: 'missing' };
      throw error;
    }
    return { outcome: 'requested', followersCount: state.followersCount };
  }

  /** Withdraws the requester's pending request, if any (an unfollow, a second click of `İstek gönderildi`); whether one was there. */
  async withdraw(requesterId: string, targetId: string): Promise<boolean> {
    const gone = await this.repository.withdraw(requesterId, targetId);
    if (gone) this.activity.publish({ kind: 'follow-request', actorId: requesterId, userId: targetId, state: 'withdrawn', at: new Date() });
    return gone;
  }

  /** A page of the member's pending requests, newest first, and how many are pending. */
  async list(memberId: string, limit: number, cursor?: Cursor): Promise<Page<FollowRequestRow> & { count: number }> {
    const [rows, count] = await Promise.all([this.repository.list(memberId, limit, cursor), this.repository.count(memberId)]);
    const page = toPage(rows, limit, (row) => ({ createdAt: row.requestedAt, id: row.id }));
    return { ...page, count };
  }

  count(memberId: string): Promise<number> {
    return this.repository.count(memberId);
  }

  /**
   * The member approves `requesterId`'s pending request: it becomes a follow (counters exact) in
   * one transaction under the member's row lock. 404 `Takip isteği bulunamadı.` when no such
   * request is pending for the member (none at all, or one to someone else), 400 for oneself.
   */
  async approve(memberId: string, requesterId: string): Promise<{ approved: true; count: number }> {
    if (memberId === requesterId) throw new BadRequestException(CANNOT_REQUEST_SELF);
    const result = await this.inTransaction(async (em) => {
      if (!(await this.repository.lockMember(em, memberId))) return null;
      const done = await this.repository.approve(em, memberId, [requesterId]);
      return done.found ? done : null;
    });
    if (!result) throw new NotFoundException(FOLLOW_REQUEST_NOT_FOUND);
    const at = new Date();
    for (const follower of result.followers) this.approvedEvents(memberId, follower, at);
    return { approved: true, count: await this.repository.count(memberId) };
  }

  /** The member declines `requesterId`'s pending request (the requester is not told); 404 as approve(). */
  async decline(memberId: string, requesterId: string): Promise<{ approved: false; count: number }> {
    if (memberId === requesterId) throw new BadRequestException(CANNOT_REQUEST_SELF);
    if (!(await this.repository.decline(memberId, requesterId))) throw new NotFoundException(FOLLOW_REQUEST_NOT_FOUND);
    this.activity.publish({ kind: 'follow-request', actorId: requesterId, userId: memberId, state: 'declined', at: new Date() });
    return { approved: false, count: await this.repository.count(memberId) };
  }

  /** RealtimeEvents.useProtected's lookup: the protected ones of `ids`, each with its followers. */
  protectedAudiences(ids: string[]): Promise<Map<string, string[]>> {
    return this.repository.protectedAudiences(ids);
  }

  /** Whether the account is protected now. */
  isProtected(userId: string): Promise<boolean> {
    return this.repository.isProtected(userId);
  }

  /** Of `viewers`, the members who are neither the account nor its followers (the watchers its protection turns away). */
  notFollowersAmong(accountId: string, viewers: string[]): Promise<string[]> {
    return this.repository.notFollowersAmong(accountId, viewers);
  }

  /** Of `postIds`, the account's own posts (lowercased ids). */
  async postsOf(accountId: string, postIds: string[]): Promise<string[]> {
    return (await this.repository.postsOf(accountId, postIds)).map((id) => id.toLowerCase());
  }

  username(userId: string): Promise<string | null> {
    return this.repository.username(userId);
  }

  /** After an approval's commit: the follow as any follow (notification, kept feed, rooms) and the request's end (pushes). */
  private approvedEvents(memberId: string, followerId: string, at: Date): void {
    this.activity.publish({ kind: 'follow', actorId: followerId, userId: memberId, active: true, at });
    this.activity.publish({ kind: 'follow-request', actorId: followerId, userId: memberId, state: 'approved', at });
  }

  private async inTransaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.dataSource.transaction(work);
      } catch (error) {
        if (pgErrorCode(error) !== '40P01' || attempt >= DEADLOCK_ATTEMPTS) throw error;
      }
    }
  }
}
