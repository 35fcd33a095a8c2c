import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '../types';
import { ADMIN, MODERATOR, renderAdmin } from '../../../test/admin';
import type { MockReply } from '../../../test/fetch-mock';

function entry(overrides: Partial<AuditEntry> & { id: string }): AuditEntry {
  return {
    createdAt: '2026-03-05T10:00:00.000000Z',
    actor: { id: 'u-admin', username: 'yonetici' },
    action: 'user.verify',
    target: { type: 'user', id: 'u-ayse', label: '@ayse' },
    reason: null,
    before: { isVerified: false },
    after: { isVerified: true },
    ...overrides,
  };
}

const VERIFY = entry({ id: 'a1' });
const ROLE = entry({
  id: 'a2',
  actor: { id: 'u-mod', username: 'moderator' },
  action: 'user.role',
  before: { role: 'user' },
  after: { role: 'moderator' },
});
const DELETE = entry({
  id: 'a3',
  action: 'post.delete',
  target: { type: 'post', id: 'p1', label: 'silinen gönderi' },
  before: { content: 'silinen gönderi', authorId: 'u-ayse', replyToId: null },
  after: null,
});

const page = (entries: AuditEntry[], nextCursor: string | null = null): MockReply => ({ body: { entries, nextCursor } });

describe('admin audit log screen', () => {
  it('shows a loading state, then the entries with the action in Turkish and before → after', async () => {
    let answer!: (reply: MockReply) => void;
    await renderAdmin('/admin/audit', {
      api: { 'GET /api/admin/audit': () => new Promise<MockReply>((resolve) => (answer = resolve)) },
    });
    expect(await screen.findByRole('status', { name: 'Denetim kaydı yükleniyor…' })).toBeTruthy();
    answer(page([VERIFY, ROLE, DELETE]));
    const rows = await screen.findAllByTestId('admin-audit-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('Onay rozeti verildi')).toBeTruthy();
    expect(rows[0].textContent).toContain('@yonetici');
    expect(rows[0].textContent).toContain('@ayse');
    expect(rows[0].textContent).toContain('Onay rozeti: hayır → evet');
    expect(rows[1].textContent).toContain('Rol değiştirildi');
    expect(rows[1].textContent).toContain('Rol: Kullanıcı → Moderatör');
    expect(rows[2].textContent).toContain('Gönderi silindi');
    expect(rows[2].textContent).toContain('Silinen metin: silinen gönderi');
    expect(screen.queryByRole('button', { name: 'Daha fazla' })).toBeNull();
  });

  it('shows the empty state', async () => {
    await renderAdmin('/admin/audit', { api: { 'GET /api/admin/audit': page([]) } });
    expect(await screen.findByText('Henüz kayıt yok.')).toBeTruthy();
  });

  it('shows the server’s error with a retry that loads the log', async () => {
    let fail = true;
    await renderAdmin('/admin/audit', {
      api: {
        'GET /api/admin/audit': () =>
          fail ? { status: 500, body: { message: 'Sunucu hatası oluştu.', statusCode: 500 } } : page([VERIFY]),
      },
    });
    expect(await screen.findByText('Denetim kaydı yüklenemedi')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findAllByTestId('admin-audit-row')).toHaveLength(1);
  });

  it('filters by staff member and action, and pages on with "Daha fazla" by the cursor', async () => {
    const mock = await renderAdmin('/admin/audit', {
      byQuery: {
        'GET /api/admin/audit': (params) => {
          if (params.get('cursor') === 'c2') return page([DELETE]);
          if (params.get('actorId') === 'u-mod') return page([ROLE]);
          if (params.get('action') === 'post.delete') return page([DELETE]);
          return page([VERIFY, ROLE], 'c2');
        },
      },
    });
    expect(await screen.findAllByTestId('admin-audit-row')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Daha fazla' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-audit-row')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Daha fazla' })).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Personel'), '@moderator');
    await waitFor(() => expect(screen.getAllByTestId('admin-audit-row')).toHaveLength(1));
    expect(screen.getByTestId('admin-audit-row').textContent).toContain('Rol değiştirildi');

    await userEvent.selectOptions(screen.getByLabelText('Personel'), 'Tüm personel');
    await userEvent.selectOptions(screen.getByLabelText('İşlem'), 'Gönderi silindi');
    await waitFor(() => expect(screen.getAllByTestId('admin-audit-row')).toHaveLength(1));
    expect(screen.getByTestId('admin-audit-row').textContent).toContain('Gönderi silindi');

    const urls = mock.calls.filter((c) => c.url.includes('/api/admin/audit')).map((c) => new URL(c.url, 'http://x').searchParams);
    expect(urls.some((p) => p.get('cursor') === 'c2')).toBe(true);
    expect(urls.some((p) => p.get('actorId') === 'u-mod')).toBe(true);
    expect(urls.some((p) => p.get('action') === 'post.delete' && !p.get('actorId'))).toBe(true);
  });

  it('is in the menu for an admin', async () => {
    await renderAdmin('/admin', { user: ADMIN, api: { 'GET /api/admin/dashboard': { status: 500, body: {} } } });
    expect(within(screen.getByRole('navigation', { name: 'Yönetim menüsü' })).getByRole('link', { name: 'Denetim Kaydı' }).getAttribute('href')).toBe('/admin/audit');
  });

  it('shows a moderator the no-permission screen and asks the server nothing', async () => {
    const mock = await renderAdmin('/admin/audit', { user: MODERATOR });
    expect(within(screen.getByRole('navigation', { name: 'Yönetim menüsü' })).queryByRole('link', { name: 'Denetim Kaydı' })).toBeNull();
    expect(await screen.findByText('Erişim reddedildi')).toBeTruthy();
    expect(screen.getByText('Denetim kaydını yalnızca yöneticiler görebilir.')).toBeTruthy();
    expect(mock.calls.some((c) => c.url.includes('/api/admin/audit'))).toBe(false);
  });
});
