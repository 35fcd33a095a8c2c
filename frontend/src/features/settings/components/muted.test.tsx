import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { member, renderWithProviders } from '../../../test/render';
import { MutedAccounts } from './muted-accounts';
import { MutedWords } from './muted-words';

const person = (n: number, expiresAt: string | null = null) => ({
  _id: `u-${n}`,
  id: `u-${n}`,
  username: `kisi${n}`,
  displayName: `Kişi ${n}`,
  isVerified: false,
  profileImage: null,
  bio: '',
  expiresAt,
});

describe('MutedAccounts (settings’ Sessize alınanlar)', () => {
  it('lists the muted accounts with their end time, loads more, and unmutes one at once', async () => {
    let muted = [person(1), person(2, '2030-01-02T10:00:00.000Z')];
    const { calls } = renderWithProviders(<MutedAccounts />, {
      user: member,
      fetch: {
        'GET /api/users/mutes': (_init, url) =>
          new URL(url, 'http://x').searchParams.get('cursor') === 'c1' ? { body: { users: [person(3)], nextCursor: null } } : { body: { users: muted, nextCursor: 'c1' } },
        'DELETE /api/users/u-1/mute': () => {
          muted = [person(2, '2030-01-02T10:00:00.000Z')];
          return { body: { muting: false } };
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Sessize alınan hesaplar' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Süresiz')).toBeTruthy();
    expect(within(list).getByText(/2030 .*tarihine kadar/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Daha fazla' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Sessizden çıkar: Kişi 1' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/api/users/u-1/mute'))).toBe(true));
    await waitFor(() => expect(screen.queryByText('Kişi 1')).toBeNull());
  });

  it('shows the empty, loading and error states', async () => {
    const empty = renderWithProviders(<MutedAccounts />, { user: member, fetch: { 'GET /api/users/mutes': { body: { users: [], nextCursor: null } } } });
    expect(await screen.findByText('Kimseyi sessize almadınız.')).toBeTruthy();
    empty.unmount();
    const loading = renderWithProviders(<MutedAccounts />, { user: member, fetch: { 'GET /api/users/mutes': () => new Promise(() => undefined) } });
    expect(await screen.findByRole('status', { name: 'Yükleniyor…' })).toBeTruthy();
    loading.unmount();
    let fail = true;
    renderWithProviders(<MutedAccounts />, {
      user: member,
      fetch: { 'GET /api/users/mutes': () => (fail ? { status: 500, body: { message: 'x' } } : { body: { users: [person(1)], nextCursor: null } }) },
    });
    expect(await screen.findByText('Sessize alınan hesaplar yüklenemedi', {}, { timeout: 5_000 })).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Kişi 1')).toBeTruthy();
  });
});

describe('MutedWords (settings’ Sessize alınanlar)', () => {
  it('adds a word for 7 days, shows the server’s Turkish refusal, lists the words and removes one', async () => {
    let words: Array<{ id: string; word: string; createdAt: string; expiresAt: string | null }> = [];
    const { calls } = renderWithProviders(<MutedWords />, {
      user: member,
      fetch: {
        'GET /api/users/muted-words': () => ({ body: { words } }),
        'POST /api/users/muted-words': (init) => {
          const body = JSON.parse(String(init?.body)) as { word: string; days: number | null };
          if (words.some((w) => w.word.toLocaleLowerCase('tr') === body.word.toLocaleLowerCase('tr'))) return { status: 409, body: { message: 'Bu sözcüğü zaten sessize aldınız.' } };
          const added = { id: `w-${words.length + 1}`, word: body.word, createdAt: '2026-01-01T00:00:00.000Z', expiresAt: body.days ? '2030-01-08T00:00:00.000Z' : null };
          words = [added, ...words];
          return { status: 201, body: { word: added } };
        },
        'DELETE /api/users/muted-words/w-1': () => {
          words = words.filter((w) => w.id !== 'w-1');
          return { status: 204 };
        },
      },
    });
    expect(await screen.findByText('Sessize aldığınız sözcük yok.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Sözcük ya da #etiket'), '#Seçim');
    await userEvent.selectOptions(screen.getByLabelText('Süre'), '7 gün');
    await userEvent.click(screen.getByRole('button', { name: 'Sessize al' }));
    const list = await screen.findByRole('list', { name: 'Sessize alınan sözcükler' });
    expect(within(list).getByText('#Seçim')).toBeTruthy();
    expect(within(list).getByText(/tarihine kadar/)).toBeTruthy();
    const posted = calls.find((c) => c.method === 'POST');
    expect(posted?.body).toEqual({ word: "#Seçim", days: 7 });
    expect((screen.getByLabelText('Sözcük ya da #etiket') as HTMLInputElement).value).toBe('');

    await userEvent.type(screen.getByLabelText('Sözcük ya da #etiket'), '#seçim');
    await userEvent.click(screen.getByRole('button', { name: 'Sessize al' }));
    expect(await screen.findByText('Bu sözcüğü zaten sessize aldınız.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Kaldır: #Seçim' }));
    expect(await screen.findByText('Sessize aldığınız sözcük yok.')).toBeTruthy();
  });

  it('shows the error state with Tekrar dene', async () => {
    let fail = true;
    renderWithProviders(<MutedWords />, {
      user: member,
      fetch: { 'GET /api/users/muted-words': () => (fail ? { status: 500, body: { message: 'x' } } : { body: { words: [] } }) },
    });
    expect(await screen.findByText('Sessize alınan sözcükler yüklenemedi', {}, { timeout: 5_000 })).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Sessize aldığınız sözcük yok.')).toBeTruthy();
  });
});
