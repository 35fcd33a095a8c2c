import { InfiniteQueryObserver, type InfiniteData } from '@tanstack/react-query';
import type { PostsPage } from '../../../lib/types';
import { makePost, page } from '../../../test/fixtures';
import { createTestQueryClient } from '../../../test/render';
import { postIdOf } from '../post-model';
import { cancelPageLoads, patchPostEverywhere, prependToList, removePostEverywhere } from './post-cache';

/*
 * A page load writes back the pages it read when it started: a post put on top (the member's own,
 * the pill's) or taken out while it is under way must not be undone by it. `Size özel`'s pages are
 * short (two posts per author), so its next page is often loading when the member posts.
 */
describe('the cached lists while a further page loads', () => {
  const key = ['posts', 'timeline', 'me'] as const;

  /** A list with one page loaded and its second page's answer held back until `answer` runs. */
  async function loadingList() {
    const queryClient = createTestQueryClient();
    let answer: (value: PostsPage) => void = () => undefined;
    const observer = new InfiniteQueryObserver<PostsPage, Error, InfiniteData<PostsPage>, typeof key, string | undefined>(queryClient, {
      queryKey: key,
      queryFn: ({ pageParam }) =>
        pageParam === undefined
          ? Promise.resolve(page([makePost({ _id: 'p1' }), makePost({ _id: 'p2' })], 'c2'))
          : new Promise<PostsPage>((resolve) => (answer = resolve)),
      initialPageParam: undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await observer.refetch();
    const next = observer.fetchNextPage();
    expect(observer.getCurrentResult().isFetchingNextPage).toBe(true);
    const ids = () => (queryClient.getQueryData<InfiniteData<PostsPage>>(key)?.pages ?? []).map((p) => p.posts.map(postIdOf));
    return { queryClient, observer, next, ids, answer: (value: PostsPage) => answer(value), unsubscribe };
  }

  it('keeps a post put on top while the next page was loading, and the list can load that page again', async () => {
    const list = await loadingList();
    prependToList(list.queryClient, key, makePost({ _id: 'mine' }));
    list.answer(page([makePost({ _id: 'p3' })]));
    await list.next;
    expect(list.ids()).toEqual([['mine', 'p1', 'p2']]);
    // Asked again (the sentinel still in view), the page comes and the post stays on top.
    const again = list.observer.fetchNextPage();
    list.answer(page([makePost({ _id: 'p3' })]));
    await again;
    expect(list.ids()).toEqual([['mine', 'p1', 'p2'], ['p3']]);
    list.unsubscribe();
  });

  it('keeps the member’s own like, written while the next page was loading (as toggle-like does)', async () => {
    const list = await loadingList();
    cancelPageLoads(list.queryClient);
    patchPostEverywhere(list.queryClient, 'p1', (post) => ({ ...post, liked: true }));
    list.answer(page([makePost({ _id: 'p3' })]));
    await list.next;
    expect(list.queryClient.getQueryData<InfiniteData<PostsPage>>(key)?.pages[0].posts[0].liked).toBe(true);
    list.unsubscribe();
  });

  it('does not bring back a post taken out while the next page was loading', async () => {
    const list = await loadingList();
    removePostEverywhere(list.queryClient, 'p1');
    list.answer(page([makePost({ _id: 'p3' })]));
    await list.next;
    expect(list.ids()).toEqual([['p2']]);
    list.unsubscribe();
  });
});

describe('prependToList below a pinned post (issue 27)', () => {
  it('puts the member’s new post under the pinned post that heads their Gönderiler, and first anywhere else', () => {
    const queryClient = createTestQueryClient();
    const profile = ['posts', 'user', 'ayse', 'me', 'posts'] as const;
    const timeline = ['posts', 'timeline', 'me'] as const;
    const list = page([makePost({ _id: 'sabit', isPinned: true }), makePost({ _id: 'p1' })]);
    queryClient.setQueryData(profile, { pages: [list], pageParams: [undefined] });
    queryClient.setQueryData(timeline, { pages: [list], pageParams: [undefined] });
    prependToList(queryClient, profile, makePost({ _id: 'yeni' }), { belowPinned: true });
    prependToList(queryClient, timeline, makePost({ _id: 'yeni' }));
    const ids = (key: readonly string[]) => queryClient.getQueryData<InfiniteData<PostsPage>>(key)?.pages.map((p) => p.posts.map(postIdOf));
    expect(ids(profile)).toEqual([['sabit', 'yeni', 'p1']]);
    expect(ids(timeline)).toEqual([['yeni', 'sabit', 'p1']]);
  });
});
