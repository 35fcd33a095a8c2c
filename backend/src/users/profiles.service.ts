import type { BlockListResponse, FollowListResponse } from '@gundem/contract';
import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { PROFILE_LISTS_HIDDEN, USER_NOT_FOUND } from '../common/common.texts';
import { decodeCursor } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, type PageQueryDto } from '../common/pagination/page-query.dto';
import type { FollowListKind } from '../social/follows.repository';
import { BlocksService } from '../social/blocks.service';
import { FollowRequestsService } from '../social/follow-requests.service';
import { FollowsService } from '../social/follows.service';
import { MutesService } from '../social/mutes.service';
import type { User } from './user.entity';
import { PROFILE_SUSPENDED } from './users.texts';
import { canSeePrivate, listsVisible, toUserResponse, type UserResponse } from './user.response';
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
    const other = !!viewer && viewer.id !== user.id;
    const [isFollowing, blocking, muting, followRequested, refusal] = await Promise.all([
      this.follows.isFollowing(viewer?.id, user.id),
      this.blocks.isBlocking(viewer?.id, user.id),
      this.mutes.isMuting(viewer?.id, user.id),
      user.protected ? this.requests.requested(viewer?.id, user.id) : false,
      // Whether the viewer may message them (a block, their `allowMessages`): the message button says why not.
      other ? this.users.messageRefusal(viewer.id, user.id) : null,
    ]);
    // `blocking` only on a member's view of another account: whether they block it, never whether it blocks them.
    const relation = other
      ? { isFollowing, followRequested, blocking, muting, canMessage: !refusal, ...(refusal ? { messageRefusal: refusal } : {}) }
      : { isFollowing };
    const includePrivate = canSeePrivate(viewer, user);
    const body = toUserResponse(user, { includePrivate, ...relation });
    // `publicProfile` off: the lists are the member's and staff's only (listsVisible), said here so the page need not ask.
    if (!listsVisible(user, viewer)) body.listsHidden = true;
    return { user: body };
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

  async followList(kind: FollowListKind, username: string, viewer: Pick<User, 'id' | 'role'> | undefined, query: PageQueryDto): Promise<FollowListResponse> {
    const cursor = decodeCursor(query.cursor);
    const owner = await this.users.findActiveListOwner(username);
    if (!owner) throw new NotFoundException(USER_NOT_FOUND);
    // `publicProfile` off: a 403 to anyone but the member and staff (the profile's `listsHidden`).
    if (!listsVisible(owner, viewer)) throw new ForbiddenException({ message: PROFILE_LISTS_HIDDEN, extra: { listsHidden: true } });
    const memberId = owner.id;
    // A member and an account that block each other (either way) see none of each other's lists.
    if (await this.blocks.between(viewer?.id, memberId)) return { users: [], nextCursor: null };
    const page = await this.follows.list(kind, memberId, viewer?.id ?? null, query.limit ?? DEFAULT_PAGE_SIZE, cursor);
    return { users: page.items.map((user) => ({ _id: user.id, ...user })), nextCursor: page.nextCursor };
  }
}
