import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { createFakeSocket } from '../../../test/fake-socket';
import { makeUser } from '../../../test/fixtures';
import { currentLocation, member, renderWithProviders } from '../../../test/render';
import { FollowListView } from './follow-list-view';
import { ProfileView } from './profile-view';

const person = (n: number, extra: Partial<{ isFollowing: boolean; bio: string; protected: boolean; followRequested: boolean }> = {}) => ({
  _id: `u-${n}`,
  id: `u-${n}`,
  username: `kisi${n}`,
  displayName: `Kişi ${n}`,
  isVerified: false,
  profileImage: null,
  bio: extra.bio ?? '',
  isFollowing: extra.isFollowing ?? false,
  protected: extra.protected ?? false,
  followRequested: extra.followRequested ?? false,
});

/** The app's two routes, as router.tsx mounts them (the page component only adds the title). */
function Screens() {
  return (
    <Routes>
      <Route path="/profile/:username/followers" element={<FollowListView username="zeynep" kind="followers" />} />
      <Route path="/profile/:username/following" element={<FollowListView username="zeynep" kind="following" />} />
      <Route
        path="/profile/:username"
        element={<ProfileView username="zeynep" posts={null} replies={null} media={null} likes={null} />}
      />
    </Routes>
  );
}

const profile = { 'GET /api/users/profile/zeynep': { body: { user: makeUser() } } };

describe('FollowListView', () => {
  it('opens from the profile’s counts and lists the followers with follow buttons, then Takip edilenler by its tab', async () => {
    const { calls } = renderWithProviders(<Screens />, {
      path: '/profile/zeynep',
      user: member,
      fetch: {
        ...profile,
        'GET /api/users/profile/zeynep/followers': { body: { users: [person(1, { bio: 'Merhaba' }), person(2, { isFollowing: true })], nextCursor: null } },
        'GET /api/users/profile/zeynep/following': { body: { users: [person(3)], nextCursor: null } },
      },
    });
    await userEvent.click(await screen.findByRole('link', { name: /Takipçi/ }));
    expect(currentLocation()).toBe('/profile/zeynep/followers');
    const list = await screen.findByRole('list', { name: 'Takipçiler' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/^Kişi/).textContent)).toEqual(['Kişi 1', 'Kişi 2']);
    expect(within(rows[0]).getByText('Merhaba')).toBeTruthy();
    expect(within(rows[0]).getByRole('button', { name: 'Takip et' })).toBeTruthy();
    expect(within(rows[1]).getByRole('button', { name: 'Takip ediliyor' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Takipçiler' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { level: 1, name: 'Zeynep Kaya' })).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Takip edilenler' }));
    expect(currentLocation()).toBe('/profile/zeynep/following');
    expect(within(await screen.findByRole('list', { name: 'Takip edilenler' })).getByText('Kişi 3')).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('/zeynep/following'))).toHaveLength(1);
  });

  it('links Takip edilen to the following list', async () => {
    renderWithProviders(<Screens />, { path: '/profile/zeynep', fetch: profile });
    const link = await screen.findByRole('link', { name: /Takip edilen/ });
    expect(link.getAttribute('href')).toBe('/profile/zeynep/following');
  });

  it('loads the next page by its cursor when the end of the list comes near', async () => {
    const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        entry: { callback: IntersectionObserverCallback; target?: Element };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {}
        unobserve() {}
        takeRecords() {
          return [];
        }
      },
    );
    const { calls } = renderWithProviders(<Screens />, {
      path: '/profile/zeynep/followers',
      fetch: {
        ...profile,
        'GET /api/users/profile/zeynep/followers': (_init, url) => ({
          body: url.includes('cursor=c1')
            ? { users: [person(3)], nextCursor: null }
            : { users: [person(1), person(2)], nextCursor: 'c1' },
        }),
      },
    });
    await screen.findByText('Kişi 2');
    expect(screen.getByRole('button', { name: 'Daha fazla kişi göster' })).toBeTruthy();
    await waitFor(() => expect(observers.some((o) => o.target)).toBe(true));
    const observer = observers.filter((o) => o.target).at(-1)!;
    await act(async () => {
      observer.callback([{ isIntersecting: true, target: observer.target } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
    await screen.findByText('Kişi 3');
    expect(calls.filter((call) => call.url.includes('cursor=c1'))).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Daha fazla kişi göster' })).toBeNull();
  });

  it('shows the empty state of each list', async () => {
    renderWithProviders(<Screens />, {
      path: '/profile/zeynep/following',
      fetch: { ...profile, 'GET /api/users/profile/zeynep/following': { body: { users: [], nextCursor: null } } },
    });
    expect(await screen.findByText('Henüz kimse takip edilmiyor')).toBeTruthy();
  });

  it('shows the loading state, then an error with a retry that loads the list', async () => {
    let fail = true;
    renderWithProviders(<Screens />, {
      path: '/profile/zeynep/followers',
      fetch: {
        ...profile,
        'GET /api/users/profile/zeynep/followers': () =>
          fail ? { status: 500, body: { message: 'Sunucu hatası' } } : { body: { users: [person(1)], nextCursor: null } },
      },
    });
    expect(screen.getByRole('status', { name: 'Yükleniyor…' })).toBeTruthy();
    expect(await screen.findByText('Liste yüklenemedi')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Kişi 1')).toBeTruthy();
  });

  it('says the account does not exist on a 404', async () => {
    renderWithProviders(<Screens />, {
      path: '/profile/zeynep/followers',
      fetch: {
        'GET /api/users/profile/zeynep': { status: 404, body: { message: 'Kullanıcı bulunamadı.' } },
        'GET /api/users/profile/zeynep/followers': { status: 404, body: { message: 'Kullanıcı bulunamadı.' } },
      },
    });
    expect(await screen.findByText('Kullanıcı bulunamadı')).toBeTruthy();
  });

  it('a protected account’s row: the lock, `İstek gönderildi` for a pending request, a click withdraws it (DELETE), another asks again (PUT), the approval makes it a follow', async () => {
    const fake = createFakeSocket();
    let asked = true;
    const { calls } = renderWithProviders(<Screens />, {
      path: '/profile/zeynep/followers',
      user: member,
      socket: fake.factory,
      fetch: {
        ...profile,
        'GET /api/users/profile/zeynep/followers': {
          body: { users: [person(1, { protected: true, followRequested: true }), person(2, { protected: true }), person(3)], nextCursor: null },
        },
        'DELETE /api/users/u-1/follow': () => {
          asked = false;
          return { body: { isFollowing: false, requested: false, followersCount: 0 } };
        },
        'PUT /api/users/u-1/follow': () => {
          asked = true;
          return { body: { isFollowing: false, requested: true, followersCount: 0 } };
        },
        'PUT /api/users/u-2/follow': { body: { isFollowing: false, requested: true, followersCount: 0 } },
      },
    });
    const list = await screen.findByRole('list', { name: 'Takipçiler' });
    await waitFor(() => expect(fake.socket.connected).toBe(true));
    const [pendingRow, lockedRow, openRow] = within(list).getAllByRole('listitem');
    // The lock, named, beside a protected account's name only.
    expect(within(pendingRow).getByRole('img', { name: 'Korunan hesap' })).toBeTruthy();
    expect(within(lockedRow).getByRole('img', { name: 'Korunan hesap' })).toBeTruthy();
    expect(within(openRow).queryByRole('img', { name: 'Korunan hesap' })).toBeNull();
    // The pending request reads as such; a click withdraws it.
    const pending = within(pendingRow).getByRole('button', { name: 'İstek gönderildi, geri çekmek için tıklayın: Kişi 1' });
    await userEvent.click(pending);
    expect(await within(pendingRow).findByRole('button', { name: 'Takip et' })).toBeTruthy();
    expect(asked).toBe(false);
    expect(calls.filter((c) => c.method === 'DELETE' && c.url.endsWith('/users/u-1/follow'))).toHaveLength(1);
    // Asked again: the server's answer keeps it a request.
    await userEvent.click(within(pendingRow).getByRole('button', { name: 'Takip et' }));
    expect(await within(pendingRow).findByRole('button', { name: /^İstek gönderildi/ })).toBeTruthy();
    expect(asked).toBe(true);
    // A protected account not asked yet: a click makes a request, not a follow.
    await userEvent.click(within(lockedRow).getByRole('button', { name: 'Takip et' }));
    expect(await within(lockedRow).findByRole('button', { name: 'İstek gönderildi, geri çekmek için tıklayın: Kişi 2' })).toBeTruthy();
    expect(within(lockedRow).queryByRole('button', { name: 'Takip ediliyor' })).toBeNull();
    // Kişi 2 approves (live): the row follows.
    await fake.socket.serverEmit('follow-request:approved', { userId: 'u-2', username: 'kisi2' });
    expect(await within(lockedRow).findByRole('button', { name: 'Takip ediliyor' })).toBeTruthy();
    expect(within(pendingRow).getByRole('button', { name: /^İstek gönderildi/ })).toBeTruthy();
  });
});
