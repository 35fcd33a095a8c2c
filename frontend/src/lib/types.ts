// Entities shared by several features (docs/product.md#entities, docs/wire-contract.md#objects).

// The shapes are the wire contract's (@gundem/contract): what the server really sends, with
// the fields it always sends required. A change there fails this build.
export type {
  Conversation,
  Message,
  Post,
  PostAuthor,
  PostPage as PostsPage,
  Role,
  User,
} from '@gundem/contract';
import type { HashtagTrend, User } from '@gundem/contract';

/** A trend the widget shows: one the server sent, or a hard-coded one without a score. */
export type Trend = Omit<HashtagTrend, 'engagementScore'> & Partial<Pick<HashtagTrend, 'engagementScore'>>;

/** The id the server knows a user or post by (`_id` and `id` carry the same value). */
export function entityId(entity: { _id?: string; id?: string } | null | undefined): string {
  return entity?._id ?? entity?.id ?? '';
}

export function isStaff(user: User | null | undefined): boolean {
  return user?.role === 'admin' || user?.role === 'moderator';
}
