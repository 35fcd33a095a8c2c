import type { AccountAction, AppealQueueItem } from '@gundem/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, MODERATOR, renderAdmin } from '../../../test/admin';
import type { MockReply } from '../../../test/fetch-mock';
import { showToast } from '../../../lib/toast';

vi.mock('../../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/toast')>()),
  showToast: vi.fn(),
}));
const toast = vi.mocked(showToast);

const AYSE = makeUser({ _id: 'u-ayse', username: 'ayse', displayName: 'Ayşe Yılmaz', email: 'ayse@ornek.com' });
const usersPage = { body: { users: [AYSE], pagination: { page: 1, limit: 10, total: 1, pages: 1 } } };

function action(overrides: Partial<AccountAction> & { id: string }): AccountAction {
  return {
    kind: 'warn',
    reason: 'Hakaret.',
    createdAt: '2026-11-20T10:00:00.000Z',
    endsAt: null,
    revokedAt: null,
    lifted: false,
    postRestored: false,
    rule: null,
    removedPost: null,
    actor: { id: 'u-mod', username: 'moderator' },
    ...overrides,
  };
}

describe('account actions in the users screen', () => {
  beforeEach(() => toast.mockClear());

  it('suspends for 7 days with a required reason, shows the history and undoes by keyboard', async () => {
    const user = userEvent.setup();
    let history: AccountAction[] = [action({ id: 'a1' })];
    const sent: unknown[] = [];
    const mock = await renderAdmin('/admin/users', {
      user: MODERATOR,
      api: {
        'GET /api/admin/users': usersPage,
        'GET /api/admin/users/u-ayse/actions': () => ({ body: { actions: history } }),
        'POST /api/admin/users/u-ayse/actions': (init): MockReply => {
          const body = JSON.parse(String(init?.body)) as { kind: string; reason: string; days?: number | null };
          sent.push(body);
          const made = action({ id: 'a2', kind: 'suspend', reason: body.reason, endsAt: '2026-11-27T10:00:00.000Z' });
          history = [made, ...history];
          return { status: 201, body: { message: 'Hesap askıya alındı.', action: made } };
        },
        'POST /api/admin/actions/a2/undo': (): MockReply => {
          history = history.map((a) => (a.id === 'a2' ? { ...a, lifted: true, revokedAt: '2026-11-21T10:00:00.000Z' } : a));
          return { body: { message: 'İşlem geri alındı.', action: history[0] } };
        },
      },
    });
    const row = (await screen.findAllByTestId('admin-user-row'))[0];
    await user.click(within(row).getByRole('button', { name: 'İşlemler' }));
    const dialog = await screen.findByRole('dialog', { name: '@ayse hakkında işlemler' });
    expect(await within(dialog).findAllByTestId('admin-action')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Askıya al' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Lütfen bir gerekçe yazın.');
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Gerekçe (üyeye gösterilir)' }), 'Taciz.');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Askı süresi' }), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Askıya al' }));
    await waitFor(() => expect(sent).toEqual([{ kind: 'suspend', reason: 'Taciz.', days: 7 }]));
    expect(toast).toHaveBeenCalledWith('Hesap askıya alındı.');
    await waitFor(() => expect(within(dialog).getAllByTestId('admin-action')).toHaveLength(2));

    const undo = within(within(dialog).getAllByTestId('admin-action')[0]).getByRole('button', { name: 'Geri al' });
    undo.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(toast).toHaveBeenCalledWith('İşlem geri alındı.'));
    expect(mock.calls.some((c) => c.method === 'POST' && c.url === '/api/admin/actions/a2/undo')).toBe(true);
  });

  it('limits with a reason and no length, lists the limit and undoes it', async () => {
    const user = userEvent.setup();
    let history: AccountAction[] = [];
    const sent: unknown[] = [];
    const mock = await renderAdmin('/admin/users', {
      user: MODERATOR,
      api: {
        'GET /api/admin/users': usersPage,
        'GET /api/admin/users/u-ayse/actions': () => ({ body: { actions: history } }),
        'POST /api/admin/users/u-ayse/actions': (init): MockReply => {
          const body = JSON.parse(String(init?.body)) as { kind: string; reason: string };
          sent.push(body);
          const made = action({ id: 'a3', kind: 'limit', reason: body.reason });
          history = [made];
          return { status: 201, body: { message: 'Hesap sınırlandırıldı.', action: made } };
        },
        'POST /api/admin/actions/a3/undo': (): MockReply => {
          history = history.map((a) => ({ ...a, lifted: true, revokedAt: '2026-11-21T10:00:00.000Z' }));
          return { body: { message: 'İşlem geri alındı.', action: history[0] } };
        },
      },
    });
    await user.click(within((await screen.findAllByTestId('admin-user-row'))[0]).getByRole('button', { name: 'İşlemler' }));
    const dialog = await screen.findByRole('dialog', { name: '@ayse hakkında işlemler' });
    expect(await within(dialog).findByText('Bu hesap hakkında henüz işlem yok.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sınırla' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Lütfen bir gerekçe yazın.');
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Gerekçe (üyeye gösterilir)' }), 'Spam.');
    await user.click(within(dialog).getByRole('button', { name: 'Sınırla' }));
    // A limit has no length: `days` is never sent with it.
    await waitFor(() => expect(sent).toEqual([{ kind: 'limit', reason: 'Spam.' }]));
    expect(toast).toHaveBeenCalledWith('Hesap sınırlandırıldı.');
    const item = await within(dialog).findByTestId('admin-action');
    expect(item.textContent).toContain('Sınırlama');
    expect(item.textContent).toContain('Spam.');
    await user.click(within(item).getByRole('button', { name: 'Geri al' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('İşlem geri alındı.'));
    expect(mock.calls.some((c) => c.method === 'POST' && c.url === '/api/admin/actions/a3/undo')).toBe(true);
  });

  it('shows the server’s refusal in its own words', async () => {
    const user = userEvent.setup();
    await renderAdmin('/admin/users', {
      user: MODERATOR,
      api: {
        'GET /api/admin/users': usersPage,
        'GET /api/admin/users/u-ayse/actions': { body: { actions: [] } },
        'POST /api/admin/users/u-ayse/actions': { status: 403, body: { statusCode: 403, message: 'Yönetici ve moderatör hesapları hakkında yalnızca yöneticiler işlem yapabilir.' } },
      },
    });
    await user.click(within((await screen.findAllByTestId('admin-user-row'))[0]).getByRole('button', { name: 'İşlemler' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Bu hesap hakkında henüz işlem yok.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Gerekçe (üyeye gösterilir)' }), 'Deneme.');
    await user.click(within(dialog).getByRole('button', { name: 'Uyar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Yönetici ve moderatör hesapları hakkında yalnızca yöneticiler işlem yapabilir.');
  });
});

describe('the appeals queue', () => {
  const ITEM: AppealQueueItem = {
    id: 'ap1',
    text: 'Taciz etmedim.',
    createdAt: '2026-11-21T10:00:00.000Z',
    status: 'pending',
    decidedAt: null,
    reply: null,
    action: action({ id: 'a2', kind: 'suspend', reason: 'Taciz.' }),
    member: { id: 'u-ayse', username: 'ayse' },
  };

  it('lists each appeal with the action, reason and text; accepting sends the reply', async () => {
    const user = userEvent.setup();
    let queue = [ITEM];
    const mock = await renderAdmin('/admin/appeals', {
      api: {
        'GET /api/admin/appeals': () => ({ body: { appeals: queue } }),
        'POST /api/admin/appeals/ap1/accept': (): MockReply => {
          queue = [];
          return { body: { message: 'İtiraz kabul edildi; işlem geri alındı.', appeal: { ...ITEM, status: 'accepted' } } };
        },
      },
    });
    const item = await screen.findByTestId('admin-appeal');
    expect(within(item).getByRole('heading').textContent).toBe('@ayse · İşlem: Askı');
    expect(item.textContent).toContain('Taciz.');
    expect(item.textContent).toContain('Taciz etmedim.');
    await user.type(within(item).getByRole('textbox', { name: 'Üyeye yanıt (isteğe bağlı)' }), 'Haklısınız.');
    await user.click(within(item).getByRole('button', { name: 'Kabul et' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('İtiraz kabul edildi; işlem geri alındı.'));
    expect(mock.calls.find((c) => c.url === '/api/admin/appeals/ap1/accept')?.body).toEqual({ reply: 'Haklısınız.' });
    expect(await screen.findByText('Bekleyen itiraz yok')).toBeTruthy();
  });

  it('shows the error state with a retry', async () => {
    let calls = 0;
    await renderAdmin('/admin/appeals', {
      api: { 'GET /api/admin/appeals': () => (++calls === 1 ? { status: 500, body: { statusCode: 500, message: 'Sunucuda beklenmeyen bir hata oluştu.' } } : { body: { appeals: [] } }) },
    });
    expect(await screen.findByText('İtirazlar yüklenemedi')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Bekleyen itiraz yok')).toBeTruthy();
  });
});
