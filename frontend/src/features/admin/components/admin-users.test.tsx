import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '../../../lib/types';
import {
  ADMIN,
  MODERATOR,
  answerLate,
  holdRequests,
  makeUser,
  queriesOf,
  renderAdmin,
  type QueryRoutes,
} from '../../../test/admin';
import type { MockReply, MockRoutes } from '../../../test/fetch-mock';
import { showToast } from '../../../lib/toast';

// The outcome of a change is the app's toast (lib/toast.ts), never the browser's alert.
vi.mock('../../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/toast')>()),
  showToast: vi.fn(),
}));
const toast = vi.mocked(showToast);

const AYSE = makeUser({
  _id: 'u-ayse',
  username: 'ayse',
  displayName: 'Ayşe Yılmaz',
  email: 'ayse@ornek.com',
  isVerified: true,
  createdAt: '2026-03-05T10:00:00.000Z',
});
const MEHMET = makeUser({
  _id: 'u-mehmet',
  username: 'mehmet',
  displayName: 'Mehmet Kaya',
  email: 'mehmet@ornek.com',
  isActive: false,
  isEmailVerified: false,
  role: 'moderator',
});

function usersReply(users: User[], pages = 1, page = 1): MockReply {
  return { body: { users, pagination: { page, limit: 10, total: users.length, pages } } };
}

/**
 * The users screen against a small server: by default GET answers the rows as they are now, and a
 * PATCH given a successful reply changes them, so a list read again after a change sees it.
 */
async function renderUsers(
  api: MockRoutes = {},
  list: QueryRoutes | User[] = [ADMIN, AYSE, MEHMET],
  user: User = ADMIN,
) {
  toast.mockClear();
  const browserAlert = vi.fn();
  vi.stubGlobal('alert', browserAlert);
  const server = Array.isArray(list) ? list.map((row) => ({ ...row })) : [];
  const byQuery = Array.isArray(list) ? { 'GET /api/admin/users': () => usersReply(server) } : list;
  const routes: MockRoutes = {};
  for (const [key, reply] of Object.entries(api)) {
    const id = /^PATCH \/api\/admin\/users\/(.+)$/.exec(key)?.[1];
    const succeeds = typeof reply === 'object' && !reply.networkError && (reply.status ?? 200) < 400;
    routes[key] =
      id && succeeds
        ? (init) => {
            const row = server.find((candidate) => candidate._id === id);
            if (row) Object.assign(row, JSON.parse(String(init?.body ?? '{}')));
            return reply;
          }
        : reply;
  }
  const result = await renderAdmin('/admin/users', { api: routes, byQuery, user });
  await screen.findByText('Ayşe Yılmaz');
  return { ...result, alert: toast, browserAlert };
}

function rowOf(name: string) {
  const row = within(screen.getByRole('main')).getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
}

function patches(calls: { method: string; url: string; body: unknown }[]) {
  return calls.filter((call) => call.method === 'PATCH');
}

describe('AdminUsers', () => {
  it('lists the first page of 10 with every column of a row', async () => {
    const { calls } = await renderUsers();
    const [query] = queriesOf(calls, '/api/admin/users');
    expect(query.get('page')).toBe('1');
    expect(query.get('limit')).toBe('10');

    const ayse = rowOf('Ayşe Yılmaz');
    expect(ayse.getByText('A')).toBeTruthy();
    expect(ayse.getByText('@ayse')).toBeTruthy();
    expect(ayse.getByText('ayse@ornek.com')).toBeTruthy();
    expect(ayse.queryByText('E-posta doğrulanmadı')).toBeNull();
    expect(ayse.getByTestId('verified-badge')).toBeTruthy();
    expect(ayse.getByText('Aktif')).toBeTruthy();
    expect(ayse.getByText('5 Mar 2026')).toBeTruthy();
    expect((ayse.getByRole('combobox') as HTMLSelectElement).value).toBe('user');

    const mehmet = rowOf('Mehmet Kaya');
    expect(mehmet.getByText('Devre dışı')).toBeTruthy();
    // The e-mail's state and the badge's button are named apart (both were "Doğrula…").
    expect(mehmet.getByText('E-posta doğrulanmadı')).toBeTruthy();
    expect(mehmet.queryByTestId('verified-badge')).toBeNull();
    expect((mehmet.getByRole('combobox') as HTMLSelectElement).value).toBe('moderator');
    expect(mehmet.getByRole('button', { name: 'Aktifleştir' })).toBeTruthy();
    expect(mehmet.getByRole('button', { name: 'Onay rozeti ver' })).toBeTruthy();
    expect(mehmet.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Kullanıcı',
      'Moderatör',
      'Yönetici',
    ]);
  });

  it('deactivates with { isActive: false } and changes the row only after the server agrees', async () => {
    const { fetchMock, calls, alert, browserAlert } = await renderUsers({
      'PATCH /api/admin/users/u-ayse': { body: { message: 'Güncellendi', user: {} } },
    });
    const held = holdRequests(fetchMock, 'PATCH');
    const ayse = rowOf('Ayşe Yılmaz');
    await userEvent.click(ayse.getByRole('button', { name: 'Devre dışı bırak' }));

    // The server has not answered yet: nothing changed, and the controls wait.
    expect(ayse.getByText('Aktif')).toBeTruthy();
    expect(
      (ayse.getByRole('button', { name: 'Devre dışı bırak' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(alert).not.toHaveBeenCalled();

    held.release();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Kullanıcı başarıyla güncellendi'));
    expect(ayse.getByText('Devre dışı')).toBeTruthy();
    expect(ayse.getByRole('button', { name: 'Aktifleştir' })).toBeTruthy();
    expect(patches(calls)).toHaveLength(1);
    expect(patches(calls)[0].body).toEqual({ isActive: false });
    expect(browserAlert).not.toHaveBeenCalled();
  });

  it('reads the list again after a change, so a search sent before it cannot bring the old row back', async () => {
    // The server's Ayşe: verified until the PATCH commits.
    let verified = true;
    const { fetchMock, calls } = await renderUsers(
      {
        'PATCH /api/admin/users/u-ayse': () => {
          verified = false;
          return { body: { message: 'Güncellendi' } };
        },
      },
      { 'GET /api/admin/users': () => usersReply([ADMIN, { ...AYSE, isVerified: verified }, MEHMET]) },
    );
    // A search's request leaves now, reads the old row, and its answer arrives after the change.
    const search = answerLate(fetchMock, 'search=ay');
    await userEvent.type(screen.getByRole('searchbox'), 'ay');
    await waitFor(() => expect(queriesOf(calls, '/api/admin/users').some((q) => q.get('search') === 'ay')).toBe(true));

    await userEvent.click(rowOf('Ayşe Yılmaz').getByRole('button', { name: 'Onay rozetini kaldır' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    search.deliver();
    // The stale answer is not what stays: the list was read again after the PATCH.
    await waitFor(() =>
      expect(queriesOf(calls, '/api/admin/users').filter((q) => q.get('search') === 'ay').length).toBeGreaterThan(1),
    );
    await waitFor(() => expect(rowOf('Ayşe Yılmaz').getByRole('button', { name: 'Onay rozeti ver' })).toBeTruthy());
    expect(rowOf('Ayşe Yılmaz').queryByTestId('verified-badge')).toBeNull();
  });

  it('activates an inactive account with { isActive: true }', async () => {
    const { calls, alert } = await renderUsers({
      'PATCH /api/admin/users/u-mehmet': { body: { message: 'Güncellendi' } },
    });
    await userEvent.click(rowOf('Mehmet Kaya').getByRole('button', { name: 'Aktifleştir' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Kullanıcı başarıyla güncellendi'));
    expect(patches(calls)[0].body).toEqual({ isActive: true });
    expect(rowOf('Mehmet Kaya').getByText('Aktif')).toBeTruthy();
  });

  it('verifies and unverifies with { isVerified } alone', async () => {
    const { calls, alert } = await renderUsers({
      'PATCH /api/admin/users/u-mehmet': { body: { message: 'Güncellendi' } },
      'PATCH /api/admin/users/u-ayse': { body: { message: 'Güncellendi' } },
    });
    await userEvent.click(rowOf('Mehmet Kaya').getByRole('button', { name: 'Onay rozeti ver' }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(1));
    expect(patches(calls)[0]).toMatchObject({
      url: '/api/admin/users/u-mehmet',
      body: { isVerified: true },
    });
    expect(Object.keys(patches(calls)[0].body as object)).toEqual(['isVerified']);
    expect(rowOf('Mehmet Kaya').getByTestId('verified-badge')).toBeTruthy();
    expect(rowOf('Mehmet Kaya').getByRole('button', { name: 'Onay rozetini kaldır' })).toBeTruthy();

    await userEvent.click(rowOf('Ayşe Yılmaz').getByRole('button', { name: 'Onay rozetini kaldır' }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(2));
    expect(patches(calls)[1]).toMatchObject({
      url: '/api/admin/users/u-ayse',
      body: { isVerified: false },
    });
    expect(rowOf('Ayşe Yılmaz').queryByTestId('verified-badge')).toBeNull();
  });

  it('changes the role with { role } alone, shown only after success', async () => {
    const { fetchMock, calls, alert } = await renderUsers({
      'PATCH /api/admin/users/u-ayse': { body: { message: 'Güncellendi' } },
    });
    const held = holdRequests(fetchMock, 'PATCH');
    const select = rowOf('Ayşe Yılmaz').getByRole('combobox') as HTMLSelectElement;
    await userEvent.selectOptions(select, 'moderator');
    expect(select.value).toBe('user');

    held.release();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Kullanıcı başarıyla güncellendi'));
    expect(select.value).toBe('moderator');
    expect(patches(calls).map((call) => call.body)).toEqual([{ role: 'moderator' }]);
  });

  it("disables deactivation and role change on the admin's own row", async () => {
    await renderUsers();
    const own = rowOf('Yönetici Hanım');
    expect(own.getByText('Siz')).toBeTruthy();
    expect(
      (own.getByRole('button', { name: 'Devre dışı bırak' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect((own.getByRole('combobox') as HTMLSelectElement).disabled).toBe(true);
    expect(
      (own.getByRole('button', { name: 'Onay rozetini kaldır' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    // Other rows stay editable.
    expect((rowOf('Ayşe Yılmaz').getByRole('combobox') as HTMLSelectElement).disabled).toBe(false);
  });

  it("gives a moderator only what the server lets them do: members' status and verification", async () => {
    const { calls } = await renderUsers(
      { 'PATCH /api/admin/users/u-ayse': { body: { user: { ...AYSE, isActive: false } } } },
      [ADMIN, AYSE, MEHMET, MODERATOR],
      MODERATOR,
    );
    const button = (row: ReturnType<typeof rowOf>, name: string) =>
      row.getByRole('button', { name }) as HTMLButtonElement;
    const select = (row: ReturnType<typeof rowOf>) => row.getByRole('combobox') as HTMLSelectElement;

    // Staff rows (an admin, another moderator, the moderator's own): every control off, saying why.
    for (const name of ['Yönetici Hanım', 'Mehmet Kaya', 'Mert Moderatör']) {
      const row = rowOf(name);
      expect(row.getAllByRole('button').every((item) => (item as HTMLButtonElement).disabled)).toBe(true);
      expect(select(row).disabled).toBe(true);
    }
    expect(button(rowOf('Yönetici Hanım'), 'Devre dışı bırak').title).toBe(
      'Yönetici ve moderatör hesaplarını yalnızca yöneticiler değiştirebilir.',
    );
    // A member's row: status and verification on, the role (admin option included) off.
    const ayse = rowOf('Ayşe Yılmaz');
    expect(button(ayse, 'Devre dışı bırak').disabled).toBe(false);
    expect(button(ayse, 'Onay rozetini kaldır').disabled).toBe(false);
    expect(select(ayse).disabled).toBe(true);
    expect(select(ayse).title).toBe('Rolleri yalnızca yöneticiler değiştirebilir.');

    await userEvent.click(button(ayse, 'Devre dışı bırak'));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0].body).toEqual({ isActive: false });
  });

  it.each<[string, MockReply, string]>([
    [
      'a server error',
      { status: 403, body: { message: 'Bu işlem için yetkiniz yok' } },
      'Hata: Bu işlem için yetkiniz yok',
    ],
    ['a network failure', { networkError: true }, 'Hata: Bağlantı hatası'],
  ])('toasts the failure as an error and changes nothing on %s', async (_, reply, text) => {
    const { alert } = await renderUsers({ 'PATCH /api/admin/users/u-ayse': reply });
    const ayse = rowOf('Ayşe Yılmaz');
    await userEvent.click(ayse.getByRole('button', { name: 'Devre dışı bırak' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(text, 'error'));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(ayse.getByText('Aktif')).toBeTruthy();
    expect(ayse.getByRole('button', { name: 'Devre dışı bırak' })).toBeTruthy();

    await userEvent.selectOptions(ayse.getByRole('combobox'), 'admin');
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(2));
    expect((ayse.getByRole('combobox') as HTMLSelectElement).value).toBe('user');
  });

  it('shows the empty state', async () => {
    vi.stubGlobal('alert', vi.fn());
    await renderAdmin('/admin/users', { api: { 'GET /api/admin/users': usersReply([]) } });
    expect(await screen.findByRole('heading', { name: 'Kullanıcı bulunamadı' })).toBeTruthy();
  });

  it('shows an estimated total as approximate', async () => {
    const reply = { body: { users: [ADMIN, AYSE], pagination: { page: 1, limit: 10, total: 123456, pages: 1001, estimated: true } } };
    await renderUsers({}, { 'GET /api/admin/users': () => reply });
    expect(await screen.findByText('Toplam ~123.456 kullanıcı')).toBeTruthy();
  });

  it('shows a load error with a retry', async () => {
    let fail = true;
    await renderAdmin('/admin/users', {
      api: {
        'GET /api/admin/users': () =>
          fail ? { status: 500, body: { message: 'Sunucu hatası' } } : usersReply([AYSE]),
      },
    });
    const alertBox = await screen.findByRole('alert');
    expect(alertBox.textContent).toContain('Kullanıcılar yüklenemedi');
    expect(alertBox.textContent).toContain('Sunucu hatası');
    fail = false;
    await userEvent.click(within(alertBox).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Ayşe Yılmaz')).toBeTruthy();
  });

  it('shows a loading state first', async () => {
    const { fetchMock } = await renderAdmin('/admin/users', {
      api: { 'GET /api/admin/users': usersReply([AYSE]) },
    });
    expect(screen.getByRole('status', { name: 'Kullanıcılar yükleniyor…' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalled();
    await screen.findByText('Ayşe Yılmaz');
  });

  it('pages with Önceki / Sonraki and "Sayfa X / Y"', async () => {
    const { calls } = await renderUsers(
      {},
      {
        'GET /api/admin/users': (params) => {
          const page = Number(params.get('page'));
          return usersReply(page === 2 ? [MEHMET] : [AYSE], 3, page);
        },
      },
    );
    expect(screen.getByText('Sayfa 1 / 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Önceki' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sonraki' }));
    expect(await screen.findByText('Mehmet Kaya')).toBeTruthy();
    expect(screen.getByText('Sayfa 2 / 3')).toBeTruthy();
    expect(queriesOf(calls, '/api/admin/users').at(-1)?.get('page')).toBe('2');
  });

  it('searches once typing pauses and starts again from page 1', async () => {
    const { calls } = await renderUsers(
      {},
      { 'GET /api/admin/users': () => usersReply([AYSE], 3) },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sonraki' }));
    await screen.findByText('Sayfa 2 / 3');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Kullanıcı ara' }), 'ayşe');
    // Debounced: no request per keystroke.
    expect(queriesOf(calls, '/api/admin/users').some((q) => q.has('search'))).toBe(false);
    await waitFor(() =>
      expect(queriesOf(calls, '/api/admin/users').some((q) => q.get('search') === 'ayşe')).toBe(
        true,
      ),
    );
    const searches = queriesOf(calls, '/api/admin/users').filter((q) => q.has('search'));
    expect(searches.map((q) => [q.get('search'), q.get('page')])).toEqual([['ayşe', '1']]);
    expect(await screen.findByText('Sayfa 1 / 3')).toBeTruthy();
  });
});
