import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import { followingQueryKey } from '../../../lib/follow-keys';
import type { PostsPage } from '../../../lib/types';
import { TIMELINE_PAGE_SIZE, toPostsPage } from './get-timeline';

/**
 * GET /api/posts/timeline/following (docs/wire-contract.md#takip-edilenler-akışı): posts and
 * reposts of the accounts the member follows and their own; a repost item carries `repostedBy`.
 */
export async function getFollowingTimeline({ cursor, signal }: { cursor?: string; signal?: AbortSignal } = {}): Promise<PostsPage> {
  const data = await apiClient.get<PostsPage>('/posts/timeline/following', {
    query: { limit: TIMELINE_PAGE_SIZE, cursor },
    signal,
  });
  return toPostsPage(data);
}

/** The `Takip edilenler` tab's pages (members only: the home screen shows the tab to them alone). */
export function useFollowingTimeline() {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: followingQueryKey(viewer),
    queryFn: ({ pageParam, signal }) => getFollowingTimeline({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
