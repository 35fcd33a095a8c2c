import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient, getToken } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import type { PostsPage } from '../../../lib/types';
import { POSTS_ROOT_KEY } from './post-cache';

export const TIMELINE_PAGE_SIZE = 20;

export const timelineQueryKey = (viewer: string) =>
  [...POSTS_ROOT_KEY, 'timeline', viewer] as const;

/** Normalises a list answer: a missing list or cursor means an empty, last page. */
export function toPostsPage(data: Partial<PostsPage> | null | undefined): PostsPage {
  return { posts: data?.posts ?? [], nextCursor: data?.nextCursor ?? null };
}

/** GET /api/posts/timeline — the bearer goes along only when a token exists (api-client). */
export async function getTimeline({
  cursor,
  signal,
}: { cursor?: string; signal?: AbortSignal } = {}): Promise<PostsPage> {
  const data = await apiClient.get<PostsPage>('/posts/timeline', {
    query: { limit: TIMELINE_PAGE_SIZE, cursor },
    signal,
  });
  return toPostsPage(data);
}

/** An early first page is used only this soon after it was asked for (the queries' staleTime). */
const EARLY_PAGE_TTL_MS = 30_000;

let earlyPage: { token: string | null; at: number; page: Promise<PostsPage> } | null = null;

/**
 * Asks for the first timeline page now, with the stored token, instead of after the session check
 * (GET /api/auth/me) has answered and the home screen has mounted: both requests go out together
 * (issue 13: no request waterfall before the feed). The page is the one the server sends that
 * token's owner, so it serves whoever the check then says is signed in; a refused token fails
 * this request too, and the timeline then asks again as a guest.
 */
export function prefetchTimeline(): void {
  const page = getTimeline();
  page.catch(() => undefined);
  earlyPage = { token: getToken(), at: Date.now(), page };
}

/** The early first page, once, if it was asked for with the current token and recently. */
function takeEarlyPage(): Promise<PostsPage> | null {
  const early = earlyPage;
  earlyPage = null;
  if (!early || early.token !== getToken() || Date.now() - early.at > EARLY_PAGE_TTL_MS) return null;
  return early.page;
}

export function useTimeline() {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: timelineQueryKey(viewer),
    queryFn: ({ pageParam, signal }) => {
      const early = pageParam === undefined ? takeEarlyPage() : null;
      return early
        ? early.catch(() => getTimeline({ signal }))
        : getTimeline({ cursor: pageParam, signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
