import { ForbiddenException, type HttpException, NotFoundException } from '@nestjs/common';
import type { PostView } from './post-view.sql';
import type { PostsRepository } from './posts.repository';
import { POST_NOT_FOUND, POST_PROTECTED } from './posts.texts';

/**
 * The answer for a post the viewer cannot see, as the post's page gives it: 403 `Bu gönderi
 * korunuyor.` for a protected account's (opened by a link or a quote: said, not denied, issue 26),
 * else 404. For everything read "as the post is": its page, its quotes, its edit history.
 */
export async function unseenPost(posts: PostsRepository, postId: string, viewerId: string | null): Promise<HttpException> {
  if (await posts.protectedFrom(postId, viewerId)) return new ForbiddenException({ message: POST_PROTECTED, extra: { protected: true } });
  return new NotFoundException(POST_NOT_FOUND);
}

/** The post as the viewer sees it, or unseenPost's refusal. */
export async function visiblePost(posts: PostsRepository, postId: string, viewerId: string | null): Promise<PostView> {
  const view = await posts.findView(postId, viewerId);
  if (!view) throw await unseenPost(posts, postId, viewerId);
  return view;
}
