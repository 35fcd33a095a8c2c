import type { FollowListResponse } from '@gundem/contract';
import { Injectable, NotFoundException } from '@nestjs/common';
import { USER_NOT_FOUND } from '../common/common.texts';
import { decodeCursor } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, type PageQueryDto } from '../common/pagination/page-query.dto';
import type { FollowListKind } from '../social/follows.repository';
import { FollowsService } from '../social/follows.service';
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
  ) {}

  /** Private fields only for the member and staff; a deactivated account is a 404 like an unknown one. */
  async get(username: string, viewer: Pick<User, 'id' | 'role'> | undefined): Promise<{ user: UserResponse }> {
    const user = await this.users.findByUsername(username);
    // A suspended account's profile says so instead of showing its content (issue 25).
    if (user && !user.isActive && user.suspended) throw new NotFoundException({ message: PROFILE_SUSPENDED, extra: { suspended: true } });
    if (!user || !user.isActive) throw new NotFoundException(USER_NOT_FOUND);
    const isFollowing = await this.follows.isFollowing(viewer?.id, user.id);
    return { user: toUserResponse(user, { includePrivate: canSeePrivate(viewer, user), isFollowing }) };
  }

  /**
   * The profile's `Takipçiler` / `Takip edilenler` list: a page of the member's followers or
   * followed accounts, newest follow first. An unknown or deactivated member is a 404, a cursor
   * that is not ours a 400 (both in Turkish).
   */
  async followList(kind: FollowListKind, username: string, viewer: Pick<User, 'id'> | undefined, query: PageQueryDto): Promise<FollowListResponse> {
    const cursor = decodeCursor(query.cursor);
    const memberId = await this.users.findActiveIdByUsername(username);
    if (!memberId) throw new NotFoundException(USER_NOT_FOUND);
    const page = await this.follows.list(kind, memberId, viewer?.id ?? null, query.limit ?? DEFAULT_PAGE_SIZE, cursor);
    return { users: page.items.map((user) => ({ _id: user.id, ...user })), nextCursor: page.nextCursor };
  }
}
