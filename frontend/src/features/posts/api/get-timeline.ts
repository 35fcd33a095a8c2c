import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient, getToken } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import { type MemberState, readMemberState, takeMemberPage, useMemberState } from '../../../lib/member-state';
import type { PostsPage } from '../../../lib/types';
import { POSTS_ROOT_KEY } from './post-cache';

export const TIMELINE_PAGE_SIZE = 20;

export const timelineQueryKey = (viewer: string) =>
  [...POSTS_ROOT_KEY, 'timeline', viewer] as const;

/** Normalises a list answer: a missing list or cursor means an empty, last page. */
export function toPostsPage(data: Partial<PostsPage> | null | undefined): PostsPage {
  return { posts: data?.posts ?? [], nextCursor: data?.nextCursor ?? null };
}

/**
 * The home feed, GET /api/posts/timeline/ranked (issue 26): a member's `Size özel` with the
 * bearer, a guest's the global ranking (as the server renders a guest's `/`).
 */
export async function getTimeline({
  cursor,
  signal,
}: { cursor?: string; signal?: AbortSignal } = {}): Promise<PostsPage> {
  const data = await apiClient.get<PostsPage>('/posts/timeline/ranked', {
    query: { limit: TIMELINE_PAGE_SIZE, cursor },
    signal,
  });
  return toPostsPage(data);
}

/** An early first page is used only this soon after it was asked for (the queries' staleTime). */
const EARLY_PAGE_TTL_MS = 30_000;

let earlyPage: { token: string | null; at: number; page: Promise<PostsPage> } | null = null;

/**
 * The id of the element in which the server sends a guest's `/` the timeline's first page
 * (backend/src/common/spa/home-page.ts; keep the two equal).
 */
export const FIRST_PAGE_ELEMENT_ID = 'gundem-first-page';

let embeddedPage: { page: PostsPage; at: number } | null = null;

/**
 * Takes the first page out of the HTML when there is one and the visitor is a guest (no stored
 * token): the feed then renders with the app's first render, without a request to the API after
 * the script (issue 13: one round trip less before the largest paint on a slow connection). A
 * member's page carries their own liked/reposted flags, so a member asks the API as before.
 */
function readEmbeddedPage(): boolean {
  const element = document.getElementById(FIRST_PAGE_ELEMENT_ID);
  if (!element) return false;
  element.remove();
  if (getToken()) return false;
  try {
    embeddedPage = { page: toPostsPage(JSON.parse(element.textContent ?? '') as Partial<PostsPage>), at: Date.now() };
    return true;
  } catch {
    return false;
  }
}

/**
 * The server's render of a guest's `/` (entry-server.tsx): the same first page the browser then
 * reads from the data block, taken by the same useTimeline, so both renders show the same feed.
 */
export function provideFirstPage(page: PostsPage): void {
  embeddedPage = { page: toPostsPage(page), at: Date.now() };
}

/** When the page taken last was read: its age for the query (TanStack asks for it after the data). */
let embeddedAt = 0;

/** The embedded first page, once, as the timeline query's initial data (see useTimeline). */
function takeEmbeddedPage(): InfiniteData<PostsPage, string | undefined> | undefined {
  const embedded = embeddedPage;
  embeddedPage = null;
  if (!embedded || getToken() || Date.now() - embedded.at > EARLY_PAGE_TTL_MS) return undefined;
  embeddedAt = embedded.at;
  return { pages: [embedded.page], pageParams: [undefined] };
}

/** The member's first page from their `/` (lib/member-state.ts), once, as the query's initial data. */
function takeMemberFirstPage(state: MemberState | null): InfiniteData<PostsPage, string | undefined> | undefined {
  const taken = takeMemberPage(state);
  if (!taken || Date.now() - taken.at > EARLY_PAGE_TTL_MS) return undefined;
  embeddedAt = taken.at;
  return { pages: [taken.page], pageParams: [undefined] };
}

/**
 * A guest's first page from the HTML when the server embedded it; otherwise asks for it now, with
 * the stored token, instead of after the session check (GET /api/auth/me) has answered and the
 * home screen has mounted: both requests go out together
 * (issue 13: no request waterfall before the feed). The page is the one the server sends that
 * token's owner, so it serves whoever the check then says is signed in; a refused token fails
 * this request too, and the timeline then asks again as a guest.
 */
export function prefetchTimeline(): void {
  if (readEmbeddedPage() || readMemberState()) return;
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
  const member = useMemberState();
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
    // Called once, when the query enters the cache: the page embedded in the HTML, a guest's or
    // (lib/member-state.ts) the member's own.
    initialData:
      viewer === 'guest'
        ? takeEmbeddedPage
        : () => (member && (member.user._id ?? member.user.id) === viewer ? takeMemberFirstPage(member) : undefined),
    initialDataUpdatedAt: () => embeddedAt,
  });
}
