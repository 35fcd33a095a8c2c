import type { BlockListResponse, FollowListResponse } from '@gundem/contract';
import { Injectable, NotFoundException } from '@nestjs/common';
import { USER_NOT_FOUND } from '../common/common.texts';
import { decodeCursor } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, type PageQueryDto } from '../common/pagination/page-query.dto';
import type { FollowListKind } from '../social/follows.repository';
import { BlocksService } from '../social/blocks.service';
import { FollowRequestsService } from '../social/follow-requests.service';
import { FollowsService } from '../social/follows.service';
import { MutesService } from '../social/mutes.service';
import type { User } from './user.entity';
import { PROFILE_SUSPENDED } from './users.texts';
import { canSeePrivate, toUserResponse, type UserResponse } from './user.response';
import { UsersService } from './users.service';

/** Profiles as others see them: the account plus the viewer's relation to it. */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly users: UsersService,
    private readonly follows: FollowsService,
    private readonly blocks: BlocksService,
    private readonly mutes: MutesService,
    private readonly requests: FollowRequestsService,
  ) {}

  /** Private fields only for the member and staff; a deactivated account is a 404 like an unknown one. */
  async get(username: string, viewer: Pick<User, 'id' | 'role'> | undefined): Promise<{ user: UserResponse }> {
    const user = await this.users.findByUsername(username);
    // A suspended account's profile says so instead of showing its content (issue 25).
    if (user && !user.isActive && user.suspended) throw new NotFoundException({ message: PROFILE_SUSPENDED, extra: { suspended: true } });
    if (!user || !user.isActive) throw new NotFoundException(USER_NOT_FOUND);
    const [isFollowing, blocking, muting, followRequested] = await Promise.all([
      this.follows.isFollowing(viewer?.id, user.id),
      this.blocks.isBlocking(viewer?.id, user.id),
      this.mutes.isMuting(viewer?.id, user.id),
      user.protected ? this.requests.requested(viewer?.id, user.id) : false,
    ]);
    // `blocking` only on a member's view of another account: whether they block it, never whether it blocks them.
    const relation = viewer && viewer.id !== user.id ? { isFollowing, followRequested, blocking, muting } : { isFollowing };
    return { user: toUserResponse(user, { includePrivate: canSeePrivate(viewer, user), ...relation }) };
  }

  /**
   * The profile's `Takipçiler` / `Takip edilenler` list: a page of the member's followers or
   * followed accounts, newest follow first. An unknown or deactivated member is a 404, a cursor
   * that is not ours a 400 (both in Turkish).
   */
  /** The viewer's `Engellenenler`: a page of the accounts they block, newest block first. */
  async blockList(viewer: Pick<User, 'id'>, query: PageQueryDto): Promise<BlockListResponse> {
    const cursor = decodeCursor(query.cursor);
    const page = await this.blocks.list(viewer.id, query.limit ?? DEFAULT_PAGE_SIZE, cursor);
    return { users: page.items.map((user) => ({ _id: user.id, ...user })), nextCursor: page.nextCursor };
  }

  async followList(kind: FollowListKind, username: string, viewer: Pick<User, 'id'> | undefined, query: PageQueryDto): Promise<FollowListResponse> {
    const cursor = decodeCursor(query.cursor);
    const memberId = await this.users.findActiveIdByUsername(username);
    if (!memberId) throw new NotFoundException(USER_NOT_FOUND);
    // A member and an account that block each other (either way) see none of each other's lists.
    if (await this.blocks.between(viewer?.id, memberId)) return { users: [], nextCursor: null };
    const page = await this.follows.list(kind, memberId, viewer?.id ?? null, query.limit ?? DEFAULT_PAGE_SIZE, cursor);
    return { users: page.items.map((user) => ({ _id: user.id, ...user })), nextCursor: page.nextCursor };
  }
}
