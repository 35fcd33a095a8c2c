import { Injectable, NotFoundException } from '@nestjs/common';
import { USER_NOT_FOUND } from '../common/common.texts';
import { FollowsService } from '../social/follows.service';
import type { User } from './user.entity';
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
    if (!user || !user.isActive) throw new NotFoundException(USER_NOT_FOUND);
    const isFollowing = await this.follows.isFollowing(viewer?.id, user.id);
    return { user: toUserResponse(user, { includePrivate: canSeePrivate(viewer, user), isFollowing }) };
  }
}
