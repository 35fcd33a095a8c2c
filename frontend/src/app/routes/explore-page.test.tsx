import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { mockFetch } from '../../test/fetch-mock';
import { makePost, page } from '../../test/fixtures';
import { currentLocation, member, renderWithProviders } from '../../test/render';
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
  it('has the trending, latest, popular and users tabs, trending first with sample content', () => {
    const { fetchMock } = renderExplore();
    expect(
      within(screen.getByRole('tablist'))
        .getAllByRole('tab')
        .map((item) => item.textContent),
    ).toEqual(['Gündem', 'Son', 'Popüler', 'Kişiler']);
    expect(tab('Gündem').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Gündemdeki konular' })).toBeTruthy();
    const topic = screen.getByRole('link', { name: /#yapayzeka/ });
    expect(topic.getAttribute('href')).toBe('/explore?q=%23yapayzeka');
    expect(screen.getByRole('heading', { name: 'Önerilen hesaplar' })).toBeTruthy();
    // Hard-coded: nothing is fetched for the trending tab.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("the suggested accounts' follow buttons do nothing for a member", async () => {
    const { calls } = renderWithProviders(<ExplorePage />, {
      path: '/explore',
      route: '/explore',
      user: member,
    });
    const before = calls.length;
    const buttons = await screen.findAllByRole('button', { name: 'Takip et' });
    await userEvent.click(buttons[0]);
    expect(buttons[0].textContent).toBe('Takip et');
    expect(calls.length).toBe(before);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('latest and popular both show the timeline', async () => {
    const { calls } = renderExplore('/explore', {
      'GET /api/posts/timeline': { body: page([makePost({ content: 'Akıştan bir gönderi' })]) },
    });
    await userEvent.click(tab('Son'));
    expect(await screen.findByText('Akıştan bir gönderi')).toBeTruthy();
    await userEvent.click(tab('Popüler'));
    expect(await screen.findByText('Akıştan bir gönderi')).toBeTruthy();
    expect(calls.every((call) => call.url.startsWith('/api/posts/timeline'))).toBe(true);
  });

  it('lists accounts on the users tab', async () => {
    renderExplore();
    await userEvent.click(tab('Kişiler'));
    expect(screen.getByText('@teknoloji_gundemi')).toBeTruthy();
    expect(screen.getByText('Her hafta bir kitap önerisi.')).toBeTruthy();
  });

  it('puts the search in ?q= and shows the results instead of the tab', async () => {
    const { calls } = renderExplore('/explore', {
      'GET /api/posts/search': {
        body: page([makePost({ content: 'Kahve molası #kahve' })]),
      },
    });
    const box = screen.getByRole('searchbox', { name: 'Gönderilerde ara' });
    await userEvent.type(box, '  kahve  {Enter}');
    expect(currentLocation()).toBe('/explore?q=kahve');
    expect(await screen.findByText(/Kahve molası/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '"kahve" için sonuçlar' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Gündemdeki konular' })).toBeNull();
    expect(calls[0].url).toBe('/api/posts/search?q=kahve');
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
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Arama sonuçları yüklenemedi',
    );
  });

  it('leaves the search when a tab is chosen', async () => {
    renderExplore('/explore?q=kahve', { 'GET /api/posts/search': { body: page([]) } });
    await screen.findByRole('heading', { name: '"kahve" için sonuç bulunamadı' });
    await userEvent.click(tab('Kişiler'));
    expect(currentLocation()).toBe('/explore?tab=users');
    expect(screen.getByText('@kitap_kurdu')).toBeTruthy();
  });

  it('puts the chosen tab in ?tab= and reads it back on a reload', async () => {
    renderExplore();
    await userEvent.click(tab('Son'));
    expect(currentLocation()).toBe('/explore?tab=latest');
    await userEvent.click(tab('Gündem'));
    // The default tab keeps the plain address.
    expect(currentLocation()).toBe('/explore');
    cleanup();
    renderExplore('/explore?tab=users');
    expect(tab('Kişiler').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Her hafta bir kitap önerisi.')).toBeTruthy();
  });

  it('shows the default tab for an unknown ?tab=', () => {
    renderExplore('/explore?tab=yok');
    expect(tab('Gündem').getAttribute('aria-selected')).toBe('true');
  });

  it('keeps the tab with a search, selects no tab while results show, and clears back to it', async () => {
    renderExplore('/explore?tab=users', { 'GET /api/posts/search': { body: page([]) } });
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
    mockFetch({ 'GET /api/posts/search': { body: page([]) } });
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
