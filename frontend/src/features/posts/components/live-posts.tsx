import { useLivePosts } from '../hooks/use-live-posts';

/** Keeps the cached posts live while the app runs (counts, deletions, new posts); renders nothing. */
export function LivePosts() {
  useLivePosts();
  return null;
}
