import type { InfiniteData } from '@tanstack/react-query';
import { makePost, page } from '../test/fixtures';
import { createTestQueryClient } from '../test/render';
import { dropPostsOf } from './block';
import type { PostsPage } from './types';

/*
 * A block (issue 25) takes the account's posts out of every cached list at once: a list not on
 * screen (the other home tab) shows its cached pages the moment it mounts, before its refetch.
 */
describe('dropPostsOf', () => {
  it('takes the blocked account’s posts and reposts out of every cached list, open or not, and leaves the rest', () => {
    const queryClient = createTestQueryClient();
    const theirs = makePost({ _id: 'theirs', author: { _id: 'u-selma', username: 'selma' } });
    const other = makePost({ _id: 'other' });
    const reposted = makePost({ _id: 'reposted', repostedBy: { _id: 'u-selma', id: 'u-selma', username: 'selma', displayName: 'Selma', isVerified: false } });
    const data = (posts: ReturnType<typeof makePost>[]): InfiniteData<PostsPage> => ({ pages: [page(posts, 'c'), page([other])], pageParams: [undefined, 'c'] });
    queryClient.setQueryData(['posts', 'timeline', 'me'], data([theirs, other]));
    queryClient.setQueryData(['posts', 'following', 'me'], data([reposted, theirs]));
    queryClient.setQueryData(['something-else'], { pages: [{ items: [theirs] }] });

    dropPostsOf(queryClient, 'u-selma');

    const ids = (key: string[]) => queryClient.getQueryData<InfiniteData<PostsPage>>(key)!.pages.map((p) => p.posts.map((post) => post._id));
    expect(ids(['posts', 'timeline', 'me'])).toEqual([['other'], ['other']]);
    expect(ids(['posts', 'following', 'me'])).toEqual([[], ['other']]);
    // Not a list of posts: untouched.
    expect(queryClient.getQueryData(['something-else'])).toEqual({ pages: [{ items: [theirs] }] });
  });
});
