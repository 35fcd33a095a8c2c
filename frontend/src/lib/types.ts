// Entities shared by several features (SPEC.md section 3, CONTRACT.md wire shapes).

export type Role = 'user' | 'moderator' | 'admin';

export interface User {
  _id?: string;
  id?: string;
  username?: string;
  displayName?: string;
  email?: string;
  bio?: string;
  location?: string;
  website?: string;
  createdAt?: string;
  lastLogin?: string;
  isVerified?: boolean;
  isEmailVerified?: boolean;
  isActive?: boolean;
  role?: Role;
  followingCount?: number;
  followersCount?: number;
  postsCount?: number;
  coverImage?: string | null;
  profileImage?: string | null;
  /** Whether the viewer follows this user (profile answers only). */
  isFollowing?: boolean;
}

/** The author fields a post carries (`user` and `author` are the same object). */
export interface PostAuthor {
  _id?: string;
  id?: string;
  username?: string;
  displayName?: string;
  isVerified?: boolean;
}

/**
 * A post as CONTRACT.md sends it. SPEC.md lists two forms of some fields (`liked` in the timeline
 * form, `isLiked` in the profile form); the server sends both and the client keeps both in step.
 */
export interface Post {
  _id: string;
  id?: string;
  content: string;
  createdAt: string;
  user?: PostAuthor;
  author?: PostAuthor;
  userId?: string;
  /** `version`: the server's engagement version of these counts (see withCounts). */
  engagement?: { likes?: number; retweets?: number; replies?: number; views?: number; version?: number };
  likeCount?: number;
  retweetCount?: number;
  replyCount?: number;
  liked?: boolean;
  isLiked?: boolean;
  retweeted?: boolean;
  isRetweeted?: boolean;
  hashtags?: string[];
  links?: string[];
  isEdited?: boolean;
  isReply?: boolean;
  isRetweet?: boolean;
  isPinned?: boolean;
  replyToId?: string | null;
}

/** One page of a cursor-paged list (CONTRACT.md: `nextCursor` is null at the end). */
export interface PostsPage {
  posts: Post[];
  nextCursor: string | null;
}

/** SPEC.md 3's Message: `isOwn` is true when the viewer sent it. */
export interface Message {
  id: string;
  text: string;
  /** ISO 8601. */
  timestamp: string;
  isOwn: boolean;
}

/** SPEC.md 3's Conversation as the viewer sees it: `id` and `user` are the other member. */
export interface Conversation {
  id: string;
  user: PostAuthor;
  lastMessage?: { text: string; timestamp: string; isRead: boolean } | null;
  unreadCount: number;
}

export interface Trend {
  hashtag: string;
  postCount: number;
  engagementScore?: number;
}

/** The id the server knows a user or post by (`_id` and `id` carry the same value). */
export function entityId(entity: { _id?: string; id?: string } | null | undefined): string {
  return entity?._id ?? entity?.id ?? '';
}

export function isStaff(user: User | null | undefined): boolean {
  return user?.role === 'admin' || user?.role === 'moderator';
}
