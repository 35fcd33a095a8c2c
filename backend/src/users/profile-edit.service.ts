import type { MeResponse, ProfileUpdateRequest } from '@gundem/contract';
import { BadRequestException, Injectable, UnauthorizedException } from '@nestjs/common';
import { SESSION_INVALID } from '../common/common.texts';
import { ProfileChanges } from './profile-changes';
import { cleanProfileInput, type ProfileChanges as ProfileFields } from './profile-input';
import type { User } from './user.entity';
import { toUserResponse } from './user.response';
import { UsersService } from './users.service';

/**
 * The profile editor (issue 26): a member changes their display name, bio, location and website
 * (PATCH /api/users/me). The fields are cleaned and checked by profile-input.ts (a Turkish 400
 * naming the field); what differs from the row is written; after the commit the session row is
 * read again on every node (a new display name) and ProfileChanges tells realtime/ (the
 * member's other tabs get `profile:updated`) and posts/ (the cached first page is dropped).
 */
@Injectable()
export class ProfileEditService {
  constructor(
    private readonly users: UsersService,
    private readonly changes: ProfileChanges,
  ) {}

  async update(userId: string, input: ProfileUpdateRequest): Promise<MeResponse> {
    const checked = cleanProfileInput(input);
    if (!checked.ok) throw new BadRequestException(checked.message);
    const current = await this.activeUser(userId);
    const changed = Object.fromEntries(
      Object.entries(checked.value).filter(([key, value]) => current[key as keyof ProfileFields] !== value),
    ) as ProfileFields;
    // The same values again: nothing written, nobody told.
    if (Object.keys(changed).length === 0) return { user: toUserResponse(current, { includePrivate: true }) };
    if (!(await this.users.updateProfile(userId, changed))) throw new UnauthorizedException(SESSION_INVALID);
    const user = await this.activeUser(userId);
    this.changes.publish(toUserResponse(user));
    return { user: toUserResponse(user, { includePrivate: true }) };
  }

  private async activeUser(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user || !user.isActive) throw new UnauthorizedException(SESSION_INVALID);
    return user;
  }
}
