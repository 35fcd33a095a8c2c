import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { mockFetch } from '../../test/fetch-mock';
import { makePost, makeUser, page } from '../../test/fixtures';
import type { MockReply } from '../../test/fetch-mock';
import { currentLocation, deferred, member, renderWithProviders } from '../../test/render';
import { AppProviders } from '../providers';
import { routes } from '../router';
import { ExplorePage } from './explore-page';

function tab(name: string) {
  return within(screen.getByRole('tablist', { name: 'Keşfet sekmeleri' })).getByRole('tab', {
    name,
  });
}

function renderExplore(path = '/explore', fetch = {}) {
  return renderWithProviders(<ExplorePage />, { path, route: '/explore', fetch });
}

describe('ExplorePage', () => {
  const trends = {
    trends: [
      { hashtag: 'deprem', postCount: 1234, engagementScore: 50 },
      { hashtag: 'kitapönerisi', postCount: 7, engagementScore: 3 },
    ],
  };
  const elif = makeUser({ _id: 'u-elif', id: 'u-elif', username: 'elif', displayName: 'Elif Şahin', bio: 'Fotoğraf ve yürüyüş.' });

  it('has the trending, latest, popular and users tabs, trending first with the real 7-day trends and suggestions', async () => {
    const { calls } = renderExplore('/explore', {
      'GET /api/trending/hashtags': { body: trends },
      'GET /api/trending/users': { body: { users: [elif] } },
    });
    expect(
      within(screen.getByRole('tablist'))
        .getAllByRole('tab')
        .map((item) => item.textContent),
    ).toEqual(['Gündem', 'Son', 'Popüler', 'Kişiler']);
    expect(tab('Gündem').getAttribute('aria-selected')).toBe('true');
    const section = await screen.findByTestId('explore-trends');
    expect(within(section).getByRole('heading', { name: 'Gündemdeki konular' })).toBeTruthy();
    const first = await within(section).findByRole('link', { name: /#deprem/ });
    expect(first.getAttribute('href')).toBe('/hashtag/deprem');
    // The real count, in the app's K/M form.
    expect(within(first).getByText('1.2K gönderi')).toBeTruthy();
    expect(within(first).getByText('Son 7 günün gündeminde')).toBeTruthy();
    const second = within(section).getByRole('link', { name: /#kitapönerisi/ });
    expect(second.getAttribute('href')).toBe('/hashtag/kitapönerisi');
    expect(within(second).getByText('7 gönderi')).toBeTruthy();
    // Not the SPEC's sample topics: the call answered.
    expect(screen.queryByText('#yapayzeka')).toBeNull();
    const suggested = await screen.findByTestId('suggested-accounts');
    expect(within(suggested).getByRole('heading', { name: 'Önerilen hesaplar' })).toBeTruthy();
    expect(within(suggested).getByRole('link', { name: /Elif Şahin/ }).getAttribute('href')).toBe('/profile/elif');
    expect(screen.queryByText('@teknoloji_gundemi')).toBeNull();
    expect(calls.map((call) => call.url).sort()).toEqual(['/api/trending/hashtags?limit=10', '/api/trending/users?limit=3']);
  });

  it('shows a spinner while the trends load, then says when nothing trended in 7 days', async () => {
    const held = deferred<MockReply>();
    renderExplore('/explore', {
      'GET /api/trending/hashtags': () => held.promise,
      'GET /api/trending/users': { body: { users: [] } },
    });
    expect(await screen.findByRole('status', { name: 'Gündem yükleniyor' })).toBeTruthy();
    await act(async () => held.resolve({ body: { trends: [] } }));
    expect(await screen.findByText('Son 7 günde gündeme giren bir etiket yok.')).toBeTruthy();
    expect(screen.queryByText('#yapayzeka')).toBeNull();
    expect(screen.getByText('Şimdilik yeni öneri yok.')).toBeTruthy();
  });

  it.each([
    ['a server error', { status: 500, body: { message: 'Hata' } }],
    ['a network error', { networkError: true }],
  ])("falls back to the SPEC's topics and accounts only when the calls fail (%s)", async (_label, reply) => {
    renderExplore('/explore', { 'GET /api/trending/hashtags': reply, 'GET /api/trending/users': reply });
    const topic = await screen.findByRole('link', { name: /#yapayzeka/ }, { timeout: 5000 });
    expect(topic.getAttribute('href')).toBe('/explore?q=%23yapayzeka');
    expect(screen.getByRole('heading', { name: 'Gündemdeki konular' })).toBeTruthy();
    expect(await screen.findByText('@teknoloji_gundemi', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Önerilen hesaplar' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("the suggested accounts' follow buttons follow, for a member", async () => {
    const { calls } = renderWithProviders(<ExplorePage />, {
      path: '/explore',
      route: '/explore',
      user: member,
      fetch: {
        'GET /api/trending/hashtags': { body: trends },
        'GET /api/trending/users': { body: { users: [elif] } },
        'PUT /api/users/u-elif/follow': { body: { isFollowing: true, followersCount: 1 } },
      },
    });
    const suggested = await screen.findByTestId('suggested-accounts');
    await userEvent.click(within(suggested).getByRole('button', { name: 'Takip et' }));
    expect(await within(suggested).findByRole('button', { name: 'Takip ediliyor' })).toBeTruthy();
    const follow = calls.find((call) => call.method === 'PUT' && call.url === '/api/users/u-elif/follow');
    expect(follow?.headers.Authorization).toBe('Bearer tok-test');
    expect(calls.find((call) => call.url.startsWith('/api/trending/users'))?.headers.Authorization).toBe('Bearer tok-test');
  });

  it('asks a guest to log in from a suggestion, and calls nothing', async () => {
    const { calls } = renderExplore('/explore', {
      'GET /api/trending/hashtags': { body: trends },
      'GET /api/trending/users': { body: { users: [elif] } },
    });
    const suggested = await screen.findByTestId('suggested-accounts');
    await userEvent.click(within(suggested).getByRole('button', { name: 'Takip et' }));
    expect(screen.getByRole('dialog', { name: 'Giriş Yap' })).toBeTruthy();
    expect(calls.some((call) => call.url.includes('/follow'))).toBe(false);
  });

  it('latest shows the timeline, popular the most engaged posts of the day: two different calls', async () => {
    const { calls } = renderExplore('/explore', {
      'GET /api/posts/timeline': { body: page([makePost({ content: 'Akıştan bir gönderi' })]) },
      'GET /api/posts/popular': { body: page([makePost({ content: 'Günün en çok beğenileni' })]) },
    });
    const postCalls = () => calls.map((call) => call.url.split('?')[0]).filter((url) => url.startsWith('/api/posts'));
    await userEvent.click(tab('Son'));
    expect(await screen.findByText('Akıştan bir gönderi')).toBeTruthy();
    expect(screen.queryByText('Günün en çok beğenileni')).toBeNull();
    expect(postCalls()).toEqual(['/api/posts/timeline']);
    await userEvent.click(tab('Popüler'));
    expect(await screen.findByText('Günün en çok beğenileni')).toBeTruthy();
    expect(screen.queryByText('Akıştan bir gönderi')).toBeNull();
    expect(postCalls()).toEqual(['/api/posts/timeline', '/api/posts/popular']);
  });

  it('popular has its own empty state', async () => {
    renderExplore('/explore?tab=popular', { 'GET /api/posts/popular': { body: page([]) } });
    expect(await screen.findByText('Son 24 saatte öne çıkan gönderi yok')).toBeTruthy();
  });

  it('lists real suggestions on the users tab, with working follow buttons', async () => {
    const { calls } = renderWithProviders(<ExplorePage />, {
      path: '/explore',
      route: '/explore',
      user: member,
      fetch: {
        'GET /api/trending/users': { body: { users: [elif] } },
        'PUT /api/users/u-elif/follow': { body: { isFollowing: true, followersCount: 1 } },
      },
    });
    await screen.findByRole('tablist', { name: 'Keşfet sekmeleri' });
    await userEvent.click(tab('Kişiler'));
    const list = await screen.findByTestId('suggested-accounts');
    expect(within(list).getByText('@elif')).toBeTruthy();
    expect(within(list).getByText('Fotoğraf ve yürüyüş.')).toBeTruthy();
    expect(within(list).getByRole('link', { name: /Elif Şahin/ }).getAttribute('href')).toBe('/profile/elif');
    // Not the SPEC's hard-coded accounts: the call answered.
    expect(screen.queryByText('@teknoloji_gundemi')).toBeNull();
    // The Gündem tab's three, then the Kişiler tab's twenty.
    expect(calls.filter((call) => call.url.startsWith('/api/trending/users')).map((call) => call.url)).toEqual(['/api/trending/users?limit=3', '/api/trending/users?limit=20']);
    await userEvent.click(within(list).getByRole('button', { name: 'Takip et' }));
    expect(await within(list).findByRole('button', { name: 'Takip ediliyor' })).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT' && call.url === '/api/users/u-elif/follow')).toBe(true);
  });

  it('falls back to the hard-coded accounts on the users tab only when the call fails', async () => {
    renderExplore('/explore', { 'GET /api/trending/users': { status: 500, body: {} } });
    await userEvent.click(tab('Kişiler'));
    expect(await screen.findByText('@teknoloji_gundemi')).toBeTruthy();
    expect(screen.getByText('Her hafta bir kitap önerisi.')).toBeTruthy();
  });

  it('says so when there is nobody to suggest', async () => {
    renderExplore('/explore?tab=users', { 'GET /api/trending/users': { body: { users: [] } } });
    expect(await screen.findByText('Şimdilik yeni öneri yok.')).toBeTruthy();
    expect(screen.queryByText('@teknoloji_gundemi')).toBeNull();
  });

  it('shows the people matching a search above the posts, with follow buttons and profile links', async () => {
    const ismail = { _id: 'u-ismail', id: 'u-ismail', username: 'ismail', displayName: 'İsmail Şahin', isVerified: true, profileImage: null, bio: 'Yazılımcı', isFollowing: true };
    const { calls } = renderWithProviders(<ExplorePage />, {
      path: '/explore?q=ism',
      route: '/explore',
      user: member,
      fetch: {
        'GET /api/users/search': { body: { users: [ismail, { ...member, bio: '', isFollowing: false }] } },
        'GET /api/posts/search': { body: page([makePost({ content: 'İsmail’in gönderisi' })]) },
      },
    });
    const people = await screen.findByTestId('people-results');
    expect(within(people).getByRole('heading', { name: 'Kişiler' })).toBeTruthy();
    const rows = await within(people).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: /İsmail Şahin/ }).getAttribute('href')).toBe('/profile/ismail');
    expect(within(rows[0]).getByRole('button', { name: 'Takip ediliyor' })).toBeTruthy();
    // No follow button on the viewer's own row.
    expect(within(rows[1]).queryByRole('button')).toBeNull();
    // People first, then the posts.
    const posts = await screen.findByText(/İsmail’in gönderisi/);
    expect(people.compareDocumentPosition(posts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(calls.find((call) => call.url.startsWith('/api/users/search'))?.url).toBe('/api/users/search?q=ism&limit=5');
  });

  it('says when no person matches, and shows a failure of the people search with a retry', async () => {
    let fail = true;
    renderExplore('/explore?q=kimse', {
      'GET /api/users/search': () => (fail ? { status: 500, body: {} } : { body: { users: [] } }),
      'GET /api/posts/search': { body: page([]) },
    });
    expect(await screen.findByText('Kişiler yüklenemedi.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('"kimse" ile başlayan bir kişi bulunamadı.')).toBeTruthy();
  });

  it('does not look for people behind a hashtag', async () => {
    const { calls } = renderExplore('/explore?q=%23kahve', { 'GET /api/posts/search': { body: page([]) } });
    await screen.findByRole('heading', { name: '"#kahve" için sonuç bulunamadı' });
    expect(screen.queryByTestId('people-results')).toBeNull();
    expect(calls.every((call) => call.url.startsWith('/api/posts/search'))).toBe(true);
  });

  it('puts the search in ?q= and shows the results instead of the tab', async () => {
    const { calls } = renderExplore('/explore', {
      'GET /api/posts/search': {
        body: page([makePost({ content: 'Kahve molası #kahve' })]),
      },
      'GET /api/users/search': { body: { users: [] } },
    });
    const box = screen.getByRole('searchbox', { name: 'Gönderilerde ara' });
    await userEvent.type(box, '  kahve  {Enter}');
    expect(currentLocation()).toBe('/explore?q=kahve');
    expect(await screen.findByText(/Kahve molası/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '"kahve" için sonuçlar' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Gündemdeki konular' })).toBeNull();
    expect(calls.find((call) => call.url.startsWith('/api/posts/'))?.url).toBe('/api/posts/search?q=kahve');
  });

  it('reads the query from the URL and says when nothing matches', async () => {
    renderExplore('/explore?q=%23yok', {
      'GET /api/posts/search': { body: page([]) },
    });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('#yok');
    expect(
      await screen.findByRole('heading', { name: '"#yok" için sonuç bulunamadı' }),
    ).toBeTruthy();
  });

  it('shows an error banner when the search fails', async () => {
    renderExplore('/explore?q=kahve', {
      'GET /api/posts/search': { status: 500, body: {} },
      'GET /api/users/search': { body: { users: [] } },
    });
    expect(await screen.findByText('Arama sonuçları yüklenemedi')).toBeTruthy();
  });

  it('leaves the search when a tab is chosen', async () => {
    renderExplore('/explore?q=kahve', {
      'GET /api/posts/search': { body: page([]) },
      'GET /api/users/search': { body: { users: [] } },
      'GET /api/trending/users': { status: 500, body: {} },
    });
    await screen.findByRole('heading', { name: '"kahve" için sonuç bulunamadı' });
    await userEvent.click(tab('Kişiler'));
    expect(currentLocation()).toBe('/explore?tab=users');
    expect(await screen.findByText('@kitap_kurdu')).toBeTruthy();
  });

  it('puts the chosen tab in ?tab= and reads it back on a reload', async () => {
    renderExplore();
    await userEvent.click(tab('Son'));
    expect(currentLocation()).toBe('/explore?tab=latest');
    await userEvent.click(tab('Gündem'));
    // The default tab keeps the plain address.
    expect(currentLocation()).toBe('/explore');
    cleanup();
    renderExplore('/explore?tab=users', { 'GET /api/trending/users': { status: 500, body: {} } });
    expect(tab('Kişiler').getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Her hafta bir kitap önerisi.')).toBeTruthy();
  });

  it('shows the default tab for an unknown ?tab=', () => {
    renderExplore('/explore?tab=yok');
    expect(tab('Gündem').getAttribute('aria-selected')).toBe('true');
  });

  it('keeps the tab with a search, selects no tab while results show, and clears back to it', async () => {
    renderExplore('/explore?tab=users', {
      'GET /api/posts/search': { body: page([]) },
      'GET /api/users/search': { body: { users: [] } },
      'GET /api/trending/users': { body: { users: [] } },
    });
    await userEvent.type(screen.getByRole('searchbox'), 'kahve{Enter}');
    expect(currentLocation()).toBe('/explore?tab=users&q=kahve');
    await screen.findByRole('heading', { name: '"kahve" için sonuç bulunamadı' });
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((item) => item.getAttribute('aria-selected'))).toEqual([
      'false',
      'false',
      'false',
      'false',
    ]);
    // The row stays reachable with Tab: the first tab takes the focus stop.
    expect(tabs.map((item) => item.tabIndex)).toEqual([0, -1, -1, -1]);
    expect(screen.queryByRole('tabpanel')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Aramayı temizle' }));
    expect(currentLocation()).toBe('/explore?tab=users');
    expect(tab('Kişiler').getAttribute('aria-selected')).toBe('true');
  });

  it('goes back through tabs and searches with the back button', async () => {
    mockFetch({
      'GET /api/posts/search': { body: page([]) },
      'GET /api/users/search': { body: { users: [] } },
      'GET /api/trending/users': { body: { users: [] } },
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/explore'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    // The router loads the explore screen lazily: wait for it before clicking.
    await screen.findByRole('tablist', { name: 'Keşfet sekmeleri' });
    await userEvent.click(tab('Kişiler'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Gönderilerde ara' }), 'kahve{Enter}');
    await screen.findByRole('heading', { name: '"kahve" için sonuç bulunamadı' });
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?tab=users');
    expect(tab('Kişiler').getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(tab('Gündem').getAttribute('aria-selected')).toBe('true');
  });
});
