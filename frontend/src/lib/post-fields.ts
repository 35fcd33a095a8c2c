// A post's fields in the client's words (post, repost), read from the wire's form: the one place
// outside the API layer that knows the server says `retweet` (docs/wire-contract.md#post-object).
// Shared by the posts feature and the back-office, which may not import each other.
import { entityId, type Post, type PostAuthor } from './types';

export function postIdOf(post: Pick<Post, '_id' | 'id'>): string {
  return entityId(post);
}

export function authorOf(post: Post): PostAuthor {
  return post.author;
}

export function likeCountOf(post: Post): number {
  return post.likeCount;
}

export function repostCountOf(post: Post): number {
  return post.retweetCount;
}

export function replyCountOf(post: Post): number {
  return post.replyCount;
}

export function isLikedBy(post: Post): boolean {
  return post.liked;
}

export function isRepostedBy(post: Post): boolean {
  return post.retweeted;
}

