import { tr } from '../../../locales/tr';
import { useUserPosts } from '../api/get-user-posts';
import { PostFeed } from './post-feed';

/** A member's posts (GET /api/posts/user/:username), for the profile's posts tab. */
export function UserPosts({ username }: { username: string }) {
  const query = useUserPosts(username);
  return (
    <PostFeed
      query={query}
      label={tr.profile.tabPosts}
      timeUnits="short"
      emptyText={tr.posts.userPostsEmptyText}
    />
  );
}
