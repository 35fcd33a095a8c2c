import type { Identified } from './common.js';
import type { UserSummary } from './notifications.js';

export type Role = 'user' | 'moderator' | 'admin';

/** A user as the server sends it, everywhere a user appears. */
export interface User extends Identified {
  username: string;
  displayName: string;
  bio: string;
  location: string;
  website: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  isVerified: boolean;
  isActive: boolean;
  role: Role;
  followingCount: number;
  followersCount: number;
  postsCount: number;
  coverImage: string | null;
  profileImage: string | null;
  /** Private fields: only to the user themself and to staff. */
  email?: string;
  isEmailVerified?: boolean;
  lastLogin?: string | null;
  /** Private: inactive because of a standing suspension (docs/wire-contract.md#account-actions), not a plain deactivation. */
  suspended?: boolean;
  /**
   * `Gönderilerimi koru` (issue 26): a follow becomes a request the account approves, and its
   * posts, replies, reposts and likes are seen by its approved followers and itself only.
   */
  protected: boolean;
  /** Whether the viewer follows this user; present where a viewer is known to matter. */
  isFollowing?: boolean;
  /** Whether the viewer's follow request to this (protected) account is pending: on a member's profile view of another account. */
  followRequested?: boolean;
  /**
   * Whether the viewer blocks this user: on a signed-in viewer's profile view of another account
   * only. Never whether the viewer is blocked by them.
   */
  blocking?: boolean;
  /** Whether the viewer mutes this user now: like `blocking`, on a member's profile view of another account only. */
  muting?: boolean;
  /**
   * Whether the viewer may send this user a message (their `allowMessages`, a block): on a
   * signed-in member's profile view of another account only. With `false`, `messageRefusal` says why.
   */
  canMessage?: boolean;
  /** Why the viewer may not message this user; present only with `canMessage: false`. */
  messageRefusal?: MessageRefusal;
  /**
   * True when the profile's lists (followers, following, likes) are hidden from this viewer: the
   * account's `publicProfile` is off and the viewer is neither the member nor staff. Those lists
   * then answer 403. Absent (false) otherwise.
   */
  listsHidden?: boolean;
}

/**
 * Why a member may not message another (docs/wire-contract.md#who-may-message-me):
 * `nobody` — they take no messages; `following` — only from accounts they follow, and they do
 * not follow the viewer; `unavailable` — anything else that refuses (a block, either way: the
 * blocked member is not told which).
 */
export type MessageRefusal = 'nobody' | 'following' | 'unavailable';

/** GET /api/users/profile/:username */
export interface ProfileResponse {
  user: User;
}

/**
 * PATCH /api/users/me: any of the four, each trimmed; an empty `bio`, `location` or `website`
 * clears it, `displayName` may not be empty. Lengths: DISPLAY_NAME_MAX_LENGTH, BIO_MAX_LENGTH,
 * LOCATION_MAX_LENGTH, WEBSITE_MAX_LENGTH. `website` is an http(s) address: a bare domain gets
 * `https://`; another scheme, a user name or password in it, or no host with a dot is refused.
 * An unknown key or a wrong type is a 400. Answers `MeResponse` (the member with private fields).
 */
export interface ProfileUpdateRequest {
  displayName?: string;
  bio?: string;
  location?: string;
  website?: string;
}

/**
 * `profile:updated`, to the member's own connections (room `user:<id>`) on every node, after a
 * PATCH /api/users/me or an avatar or header change: the member as everyone sees them (the
 * public user object, no private field), so their other tabs show it without a reload.
 */
export interface ProfileUpdatedEvent {
  user: User;
}

/** GET /api/users/:id/following */
export interface FollowStatusResponse {
  isFollowing: boolean;
  /** The viewer's follow request to this protected account is pending. */
  requested: boolean;
}

/** POST, PUT and DELETE /api/users/:id/follow: the state after the call. */
export interface FollowResponse {
  isFollowing: boolean;
  /**
   * A follow of a protected account is a request until it approves it (issue 26): true while the
   * viewer's request is pending (`isFollowing` false), false otherwise.
   */
  requested: boolean;
  /** The followee's followers count after the call. */
  followersCount: number;
}

/** One person of a people search: the user summary, the start of their bio, and whether the viewer follows them. */
export interface UserSearchResult extends UserSummary {
  bio: string;
  /** False for guests and for the viewer themself. */
  isFollowing: boolean;
  /** `Gönderilerimi koru` (issue 26): show the lock beside the name; a follow of it is a request. */
  protected: boolean;
  /** The viewer's follow request to this protected account is pending (`İstek gönderildi`); false for guests. */
  followRequested: boolean;
}

/** GET /api/users/search?q=&limit= */
export interface UserSearchResponse {
  users: UserSearchResult[];
}

/**
 * GET /api/users/profile/:username/followers and …/following: the member's followers or the
 * accounts they follow, newest follow first, deactivated accounts left out; keyset pages of
 * `limit` (default 20) after `cursor`. Each person as in a people search (`isFollowing` is the
 * viewer's: false for a guest and on the viewer's own row).
 */
export interface FollowListResponse {
  users: UserSearchResult[];
  nextCursor: string | null;
}

/** PUT and DELETE /api/users/:id/block: the state after the call. */
export interface BlockResponse {
  blocking: boolean;
}

/** One account of the viewer's `Engellenenler` list. */
export interface BlockedAccount extends UserSummary {
  bio: string;
}

/** GET /api/users/blocks?limit=&cursor=: the accounts the viewer blocks, newest block first. */
export interface BlockListResponse {
  users: BlockedAccount[];
  nextCursor: string | null;
}

/** The body of PUT /api/users/:id/mute (optional): `days` 1, 7 or 30; absent or null: until undone. */
export interface MuteRequest {
  days?: 1 | 7 | 30 | null;
}

/** PUT and DELETE /api/users/:id/mute: the state after the call. */
export interface MuteResponse {
  muting: boolean;
}

/** One account of the viewer's `Sessize alınanlar` list. */
export interface MutedAccount extends UserSummary {
  bio: string;
  /** ISO 8601, UTC; null: until undone. */
  expiresAt: string | null;
}

/** GET /api/users/mutes?limit=&cursor=: the accounts the viewer mutes now, newest mute first. */
export interface MuteListResponse {
  users: MutedAccount[];
  nextCursor: string | null;
}

/** A muted word or `#hashtag` as the member typed it. */
export interface MutedWord {
  id: string;
  word: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  /** ISO 8601, UTC; null: until removed. */
  expiresAt: string | null;
}

/** GET /api/users/muted-words: the member's active muted words, newest first (at most 100, no paging). */
export interface MutedWordListResponse {
  words: MutedWord[];
}

/** POST /api/users/muted-words: `word` 1..100 characters after trimming; `days` as MuteRequest. */
export interface MutedWordRequest {
  word: string;
  days?: 1 | 7 | 30 | null;
}

/** POST /api/users/muted-words answers 201 with the word added. */
export interface MutedWordResponse {
  word: MutedWord;
}

/** People a search answers when `limit` is not given (explore's people section). */
export const USER_SEARCH_DEFAULT_LIMIT = 5;
/** The most people one search may ask for. */
export const USER_SEARCH_MAX_LIMIT = 20;

/**
 * PUT /api/users/me/avatar and …/header (multipart, field `file`, the limits of POST /api/media):
 * the picture cropped at its centre to these sizes, one WebP. They answer the member's `MeResponse`
 * with `profileImage` / `coverImage` set; DELETE of either sets it back to null.
 */
export const PROFILE_AVATAR_SIZE = 400;
export const PROFILE_HEADER_WIDTH = 1500;
export const PROFILE_HEADER_HEIGHT = 500;

/** One pending request to follow the (protected) member: the requester and when they asked. */
export interface FollowRequest {
  user: UserSummary & { bio: string };
  /** ISO 8601, UTC. */
  requestedAt: string;
}

/**
 * GET /api/users/me/follow-requests?limit=&cursor=: the member's pending follow requests, newest
 * first, keyset pages; `count`: how many are pending (at most FOLLOW_REQUESTS_COUNT_MAX).
 */
export interface FollowRequestListResponse {
  requests: FollowRequest[];
  nextCursor: string | null;
  count: number;
}

/** POST /api/users/me/follow-requests/:userId/approve and …/decline: the pending requests left. */
export interface FollowRequestDecisionResponse {
  /** approve: the requester follows the member now; decline: the request is gone. */
  approved: boolean;
  count: number;
}

/** A badge's bound: pending follow requests are counted up to this many. */
export const FOLLOW_REQUESTS_COUNT_MAX = 1000;
