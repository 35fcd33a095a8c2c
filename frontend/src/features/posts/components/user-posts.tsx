import type { ReactNode } from 'react';
import { HeartIcon, MessageCircleIcon } from '../../../components/icons';
import { ImageIcon } from '../../../components/icons-more';
import { trProfile } from '../../../locales/tr-profile';
import { useUserPosts } from '../api/get-user-posts';
import type { UserPostList } from '../api/post-cache';
import type { Post } from '../../../lib/types';
import { PinnedLabel } from './pinned-label';
import { PostFeed, type PostFeedProps } from './post-feed';

type ListTexts = Pick<PostFeedProps, 'label' | 'emptyTitle' | 'emptyText' | 'errorText'> & {
  emptyIcon?: ReactNode;
};

/** Each profile tab's words; the posts tab keeps the feed's own empty title and error text. */
const TEXTS: Record<UserPostList, ListTexts> = {
  posts: { label: trProfile.tabPosts, emptyText: trProfile.userPostsEmptyText },
  replies: {
    label: trProfile.tabReplies,
    emptyTitle: trProfile.noReplies,
    emptyText: trProfile.noRepliesText,
    emptyIcon: <MessageCircleIcon size={32} />,
    errorText: trProfile.repliesLoadFailed,
  },
  media: {
    label: trProfile.tabMedia,
    emptyTitle: trProfile.noMedia,
    emptyText: trProfile.noMediaText,
    emptyIcon: <ImageIcon size={32} />,
    errorText: trProfile.mediaLoadFailed,
  },
  likes: {
    label: trProfile.tabLikes,
    emptyTitle: trProfile.noLikes,
    emptyText: trProfile.noLikesText,
    emptyIcon: <HeartIcon size={32} />,
    errorText: trProfile.likesLoadFailed,
  },
};

/** `Sabitlenmiş` above the member's pinned post (issue 27): the server lists it first in `Gönderiler`. */
const pinnedLabel = (post: Post) => (post.isPinned ? <PinnedLabel /> : null);

/**
 * One of a member's lists for the profile's tabs: their posts (GET /api/posts/user/:username),
 * their replies (…/replies), their posts with pictures (…/media) or the posts they liked
 * (…/likes), each with the feed's loading,
 * empty and error states.
 */
export function UserPosts({ username, list = 'posts' }: { username: string; list?: UserPostList }) {
  const query = useUserPosts(username, list);
  return <PostFeed query={query} {...TEXTS[list]} cardLabel={list === 'posts' ? pinnedLabel : undefined} />;
}
