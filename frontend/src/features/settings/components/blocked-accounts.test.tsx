import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { member, renderWithProviders } from '../../../test/render';
import { BlockedAccounts } from './blocked-accounts';

const person = (n: number) => ({
  _id: `u-${n}`,
  id: `u-${n}`,
  username: `kisi${n}`,
  displayName: `Kişi ${n}`,
  isVerified: false,
  profileImage: null,
  bio: n === 1 ? 'Merhaba' : '',
});

describe('BlockedAccounts (settings’ Engellenenler)', () => {
  it('lists the blocked accounts, loads more by Daha fazla, and unblocks one at once', async () => {
    let blocked = [person(1), person(2)];
    const { calls } = renderWithProviders(<BlockedAccounts />, {
      user: member,
      fetch: {
        'GET /api/users/blocks': (_init, url) =>
          new URL(url, 'http://x').searchParams.get('cursor') === 'c1'
            ? { body: { users: [person(3)], nextCursor: null } }
            : { body: { users: blocked, nextCursor: 'c1' } },
        'DELETE /api/users/u-1/block': () => {
          blocked = [person(2)];
          return { body: { blocking: false } };
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Engellenen hesaplar' });
    expect(within(list).getAllByRole('listitem').map((row) => within(row).getByText(/^Kişi/).textContent)).toEqual(['Kişi 1', 'Kişi 2']);
    expect(within(list).getByText('Merhaba')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Daha fazla' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Daha fazla' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Engeli kaldır: Kişi 1' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/api/users/u-1/block'))).toBe(true));
    await waitFor(() => expect(screen.queryByText('Kişi 1')).toBeNull());
  });

  it('shows the empty state', async () => {
    renderWithProviders(<BlockedAccounts />, { user: member, fetch: { 'GET /api/users/blocks': { body: { users: [], nextCursor: null } } } });
    expect(await screen.findByText('Kimseyi engellemediniz.')).toBeTruthy();
  });

  it('shows the error state with Tekrar dene, which reads the list again', async () => {
    let fail = true;
    renderWithProviders(<BlockedAccounts />, {
      user: member,
      fetch: { 'GET /api/users/blocks': () => (fail ? { status: 500, body: { message: 'x' } } : { body: { users: [person(1)], nextCursor: null } }) },
    });
    expect(await screen.findByText('Engellenenler yüklenemedi', {}, { timeout: 5_000 })).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Kişi 1')).toBeTruthy();
  });

  it('shows a spinner while the first page loads', async () => {
    renderWithProviders(<BlockedAccounts />, { user: member, fetch: { 'GET /api/users/blocks': () => new Promise(() => undefined) } });
    expect(await screen.findByRole('status', { name: 'Yükleniyor…' })).toBeTruthy();
  });
});
