import { Injectable } from '@nestjs/common';
import { toPage } from '../common/pagination/cursor';
import type { PageQueryDto } from '../common/pagination/page-query.dto';
import { FollowsService } from '../social/follows.service';
import type { User } from '../users/user.entity';
import { type PostResponse, toPostResponse } from './dto/post.response';
import { type FollowingItem, FollowingFeedRepository } from './following-feed.repository';
import { type PostPage, pageRequest } from './posts.service';

/** A feed item on the wire: the post object, plus `repostedBy`/`repostedAt` on a repost item. */
function toFollowingResponse(item: FollowingItem): PostResponse {
  const post = toPostResponse(item.post);
  if (!item.repostedBy) return post;
  const { id, username, displayName, isVerified } = item.repostedBy;
  // The cursor keeps PostgreSQL's microseconds; the wire's times are milliseconds.
  return { ...post, repostedBy: { _id: id, id, username, displayName, isVerified }, repostedAt: new Date(item.cursor.createdAt).toISOString() };
}

/**
 * The `Takip edilenler` feed of a member (docs/wire-contract.md#takip-edilenler-akışı): the posts
 * and reposts of the active accounts they follow and their own, newest first, read on request
 * (fan-out on read, see docs/architecture.md#takip-edilenler-akışı).
 */
@Injectable()
export class FollowingFeedService {
  constructor(
    private readonly feed: FollowingFeedRepository,
    private readonly follows: FollowsService,
  ) {}

  async page(viewer: Pick<User, 'id'>, query: PageQueryDto): Promise<PostPage> {
    // The cursor first: a bad one is a 400 before any read.
    const page = pageRequest(query);
    const accounts = [viewer.id, ...(await this.follows.followedActiveIds(viewer.id))];
    const items = await this.feed.page(viewer.id, accounts, page);
    const shown = toPage(items, page.limit, (item) => item.cursor);
    return { posts: shown.items.map(toFollowingResponse), nextCursor: shown.nextCursor };
  }
}
