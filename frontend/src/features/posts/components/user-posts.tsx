import type { ReactNode } from 'react';
import { HeartIcon, MessageCircleIcon } from '../../../components/icons';
import { tr } from '../../../locales/tr';
import { type UserPostList, useUserPosts } from '../api/get-user-posts';
import { PostFeed, type PostFeedProps } from './post-feed';

type ListTexts = Pick<PostFeedProps, 'label' | 'emptyTitle' | 'emptyText' | 'errorText'> & {
  emptyIcon?: ReactNode;
};

/** Each profile tab's words; the posts tab keeps the feed's own empty title and error text. */
const TEXTS: Record<UserPostList, ListTexts> = {
  posts: { label: tr.profile.tabPosts, emptyText: tr.posts.userPostsEmptyText },
  replies: {
    label: tr.profile.tabReplies,
    emptyTitle: tr.profile.noReplies,
    emptyText: tr.profile.noRepliesText,
    emptyIcon: <MessageCircleIcon size={32} />,
    errorText: tr.profile.repliesLoadFailed,
  },
  likes: {
    label: tr.profile.tabLikes,
    emptyTitle: tr.profile.noLikes,
    emptyText: tr.profile.noLikesText,
    emptyIcon: <HeartIcon size={32} />,
    errorText: tr.profile.likesLoadFailed,
  },
};

/**
 * One of a member's lists for the profile's tabs: their posts (GET /api/posts/user/:username),
 * their replies (…/replies) or the posts they liked (…/likes), each with the feed's loading,
 * empty and error states.
 */
export function UserPosts({ username, list = 'posts' }: { username: string; list?: UserPostList }) {
  const query = useUserPosts(username, list);
  return <PostFeed query={query} timeUnits="short" {...TEXTS[list]} />;
}
