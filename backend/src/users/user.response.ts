import type { MessageRefusal, User as UserResponse } from '@gundem/contract';
import type { User } from './user.entity';

/** The contract's user object: a change there fails this build. */
export type { UserResponse };

/**
 * The one shape a user leaves the server in. `private` fields (e-mail, e-mail verification,
 * last login) go only to the user themself and to staff (docs/wire-contract.md#user-object).
 */
export function toUserResponse(
  user: User,
  options: { includePrivate?: boolean; isFollowing?: boolean; followRequested?: boolean; blocking?: boolean; muting?: boolean; canMessage?: boolean; messageRefusal?: MessageRefusal } = {},
): UserResponse {
  const body: UserResponse = {
    _id: user.id,
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    bio: user.bio,
    location: user.location,
    website: user.website,
    createdAt: new Date(user.createdAt).toISOString(),
    isVerified: user.isVerified,
    isActive: user.isActive,
    role: user.role,
    followingCount: user.followingCount,
    followersCount: user.followersCount,
    postsCount: user.postsCount,
    coverImage: user.coverImage,
    profileImage: user.profileImage,
    protected: user.protected ?? false,
  };
  if (options.includePrivate) {
    body.email = user.email;
    body.isEmailVerified = user.isEmailVerified;
    body.lastLogin = user.lastLogin ? new Date(user.lastLogin).toISOString() : null;
    body.suspended = user.suspended ?? false;
  }
  if (options.isFollowing !== undefined) body.isFollowing = options.isFollowing;
  if (options.followRequested !== undefined) body.followRequested = options.followRequested;
  if (options.blocking !== undefined) body.blocking = options.blocking;
  if (options.muting !== undefined) body.muting = options.muting;
  if (options.canMessage !== undefined) body.canMessage = options.canMessage;
  if (options.messageRefusal !== undefined) body.messageRefusal = options.messageRefusal;
  return body;
}

export function canSeePrivate(viewer: Pick<User, 'id' | 'role'> | undefined, subject: Pick<User, 'id'>): boolean {
  return !!viewer && (viewer.id === subject.id || viewer.role === 'admin' || viewer.role === 'moderator');
}

/**
 * Whether the viewer may read the member's followers, following and likes lists: always unless
 * the member turned `publicProfile` off; then only the member themself and staff (who see the
 * private fields too).
 */
export function listsVisible(subject: Pick<User, 'id' | 'publicProfile'>, viewer: Pick<User, 'id' | 'role'> | undefined): boolean {
  return subject.publicProfile || canSeePrivate(viewer, subject);
}
