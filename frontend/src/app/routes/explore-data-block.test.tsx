import { screen, within } from '@testing-library/react';
import { ExplorePage } from './explore-page';
import { renderWithProviders } from '../../test/render';
import { EXPLORE_DATA_ELEMENT_ID } from '../../features/trending/api/explore-data';

// The browser's side of a guest's server-rendered Explore (issue 26): the hydrating render takes
// the trends and suggestions from the page's data block, so it shows what the server rendered
// without asking the API; the block is read once (a later visit asks the API). A file of its own:
// the block is read once per module instance.
describe('Explore from the server’s data block', () => {
  it('renders the embedded trends and suggestions without a call, once, and removes the block', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = EXPLORE_DATA_ELEMENT_ID;
    block.textContent = JSON.stringify({
      trends: [{ hashtag: 'gömülü', postCount: 42, engagementScore: 1 }],
      users: [{ _id: 'u-elif', id: 'u-elif', username: 'elif', displayName: 'Elif Şahin', isVerified: false, profileImage: null, bio: '' }],
    });
    document.body.append(block);

    const { calls, unmount } = renderWithProviders(<ExplorePage />, { path: '/explore', route: '/explore' });
    const trends = await screen.findByTestId('explore-trends');
    expect(within(trends).getByRole('link', { name: /#gömülü/ }).getAttribute('href')).toBe('/hashtag/gömülü');
    expect(within(trends).getByText('42 gönderi')).toBeTruthy();
    expect(within(screen.getByTestId('suggested-accounts')).getByRole('link', { name: /Elif Şahin/ })).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/trending'))).toEqual([]);
    expect(document.getElementById(EXPLORE_DATA_ELEMENT_ID)).toBeNull();
    unmount();

    // Taken once: the next Explore (a new query cache) asks the API.
    const again = renderWithProviders(<ExplorePage />, {
      path: '/explore',
      route: '/explore',
      fetch: {
        'GET /api/trending/hashtags': { body: { trends: [{ hashtag: 'canlı', postCount: 5, engagementScore: 0 }] } },
        'GET /api/trending/users': { body: { users: [] } },
      },
    });
    expect(await screen.findByRole('link', { name: /#canlı/ })).toBeTruthy();
    expect(screen.queryByText('#gömülü')).toBeNull();
    expect(again.calls.map((call) => call.url).sort()).toEqual(['/api/trending/hashtags?limit=10', '/api/trending/users?limit=3']);
  });
});
