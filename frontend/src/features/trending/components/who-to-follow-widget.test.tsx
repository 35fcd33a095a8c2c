import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockReply } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { deferred, member, renderWithProviders } from '../../../test/render';
import { WhoToFollowWidget } from './who-to-follow-widget';

const users = [
  makeUser({ _id: 'u1', id: 'u1', username: 'zeynep', displayName: 'Zeynep Kaya' }),
  makeUser({ _id: 'u2', id: 'u2', username: 'can', displayName: 'Can Öz', isVerified: false }),
];

function row(name: string) {
  const item = screen.getByText(name).closest('li');
  if (!item) throw new Error(`no row for ${name}`);
  return item as HTMLElement;
}

function followButton(name: string) {
  return within(row(name)).getByRole('button') as HTMLButtonElement;
}

async function renderWidget(
  options: { follow?: () => Promise<MockReply>; unfollow?: () => Promise<MockReply>; guest?: boolean } = {},
) {
  const view = renderWithProviders(<WhoToFollowWidget />, {
    user: options.guest ? undefined : member,
    fetch: {
      'GET /api/trending/users': { body: { users } },
      'PUT /api/users/u1/follow': options.follow ?? (() => ({ body: { isFollowing: true } })),
      'DELETE /api/users/u1/follow': options.unfollow ?? (() => ({ body: { isFollowing: false } })),
    },
  });
  await screen.findByText('Zeynep Kaya');
  return view;
}

describe('WhoToFollowWidget', () => {
  it('lists the suggested accounts from the server', async () => {
    const { calls } = await renderWidget();
    expect(within(row('Zeynep Kaya')).getByText('@zeynep')).toBeTruthy();
    expect(within(row('Zeynep Kaya')).getByRole('img', { name: 'Onaylı hesap' })).toBeTruthy();
    expect(within(row('Can Öz')).queryByRole('img', { name: 'Onaylı hesap' })).toBeNull();
    expect(followButton('Can Öz').textContent).toBe('Takip et');
    const call = calls.find((item) => item.url.startsWith('/api/trending/users'));
    expect(call?.url).toBe('/api/trending/users?limit=3');
    expect(call?.headers.Authorization).toBe('Bearer tok-test');
  });

  it('flips at once, then keeps the state the server confirms', async () => {
    const held = deferred<MockReply>();
    const { calls } = await renderWidget({ follow: () => held.promise });
    await userEvent.click(followButton('Zeynep Kaya'));
    // Optimistic: before the server has answered.
    expect(followButton('Zeynep Kaya').textContent).toBe('Takip ediliyor');
    expect(followButton('Zeynep Kaya').getAttribute('aria-pressed')).toBe('true');
    await act(async () => held.resolve({ body: { isFollowing: true, followersCount: 11 } }));
    expect(followButton('Zeynep Kaya').textContent).toBe('Takip ediliyor');
    const follow = calls.find((call) => call.url === '/api/users/u1/follow');
    expect(follow?.method).toBe('PUT');
    expect(follow?.headers.Authorization).toBe('Bearer tok-test');
  });

  it("sets the button from the server's isFollowing", async () => {
    const held = deferred<MockReply>();
    await renderWidget({ follow: () => held.promise });
    await userEvent.click(followButton('Zeynep Kaya'));
    expect(followButton('Zeynep Kaya').textContent).toBe('Takip ediliyor');
    // The server says the account is not followed (e.g. a second tab unfollowed it).
    await act(async () => held.resolve({ body: { isFollowing: false } }));
    expect(followButton('Zeynep Kaya').textContent).toBe('Takip et');
  });

  it('goes back when the call fails, without visible text', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const held = deferred<MockReply>();
    await renderWidget({ follow: () => held.promise });
    await userEvent.click(followButton('Zeynep Kaya'));
    expect(followButton('Zeynep Kaya').textContent).toBe('Takip ediliyor');
    await act(async () => held.resolve({ status: 500, body: { message: 'Takip edilemedi' } }));
    await waitFor(() => expect(followButton('Zeynep Kaya').textContent).toBe('Takip et'));
    expect(error).toHaveBeenCalled();
    expect(screen.queryByText('Takip edilemedi')).toBeNull();
  });

  it('unfollows, and shows the unfollow wording on hover', async () => {
    let following = false;
    // PUT follows, DELETE unfollows: each asks for a state, neither flips one.
    await renderWidget({
      follow: async () => {
        following = true;
        return { body: { isFollowing: following } };
      },
      unfollow: async () => {
        following = false;
        return { body: { isFollowing: following } };
      },
    });
    const button = followButton('Zeynep Kaya');
    await userEvent.click(button);
    await waitFor(() => expect(following).toBe(true));
    expect(button.textContent).toBe('Takip ediliyor');
    await userEvent.unhover(button);
    await userEvent.hover(button);
    expect(button.textContent).toBe('Takibi bırak');
    await userEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('Takip et'));
    expect(following).toBe(false);
  });

  it('asks a guest to log in and calls nothing', async () => {
    const { calls } = await renderWidget({ guest: true });
    await userEvent.click(followButton('Zeynep Kaya'));
    expect(screen.getByRole('dialog', { name: 'Giriş Yap' })).toBeTruthy();
    expect(followButton('Zeynep Kaya').textContent).toBe('Takip et');
    expect(calls.some((call) => call.url.includes('/follow'))).toBe(false);
  });

  it('says so when there is nobody left to suggest', async () => {
    renderWithProviders(<WhoToFollowWidget />, {
      fetch: { 'GET /api/trending/users': { body: { users: [] } } },
    });
    expect(await screen.findByText('Şimdilik yeni öneri yok.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Takip et' })).toBeNull();
  });

  it('falls back silently to hard-coded accounts when the call fails', async () => {
    renderWithProviders(<WhoToFollowWidget />, {
      fetch: { 'GET /api/trending/users': { status: 500, body: { message: 'Hata' } } },
    });
    expect(await screen.findByText('Teknoloji Gündemi')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
