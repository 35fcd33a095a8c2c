import type { FollowingItem } from '../following-feed.repository';
import { type PostResponse, toPostResponse } from './post.response';

/** A feed item on the wire: the post object, plus `repostedBy`/`repostedAt` on a repost item. */
export function toFollowingResponse(item: FollowingItem): PostResponse {
  const post = toPostResponse(item.post);
  if (!item.repostedBy) return post;
  const { id, username, displayName, isVerified } = item.repostedBy;
  // The cursor keeps PostgreSQL's microseconds; the wire's times are milliseconds.
  return { ...post, repostedBy: { _id: id, id, username, displayName, isVerified }, repostedAt: new Date(item.cursor.createdAt).toISOString() };
}
