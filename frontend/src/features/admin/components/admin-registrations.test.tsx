import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODERATOR, makeUser, renderAdmin } from '../../../test/admin';
import type { MockReply } from '../../../test/fetch-mock';

const AYSE = makeUser({ _id: 'u-ayse', username: 'ayse', displayName: 'Ayşe Yılmaz', isActive: false });
const MEHMET = makeUser({ _id: 'u-mehmet', username: 'mehmet', displayName: 'Mehmet Kaya', isActive: false });

describe('admin registrations screen', () => {
  it('shows a loading state, then the waiting accounts; a moderator approves one', async () => {
    let answer!: (reply: MockReply) => void;
    let waiting = [AYSE, MEHMET];
    let first = true;
    const mock = await renderAdmin('/admin/registrations', {
      user: MODERATOR,
      api: {
        'GET /api/admin/registrations': () => {
          if (!first) return { body: { users: waiting, nextCursor: null } };
          first = false;
          return new Promise<MockReply>((resolve) => (answer = resolve));
        },
        'POST /api/admin/registrations/u-ayse/approve': () => {
          waiting = [MEHMET];
          return { body: { message: 'Kayıt onaylandı; hesap artık giriş yapabilir.', user: { ...AYSE, isActive: true } } };
        },
      },
    });
    expect(await screen.findByRole('status', { name: 'Kayıt başvuruları yükleniyor…' })).toBeTruthy();
    answer({ body: { users: waiting, nextCursor: null } });
    const rows = await screen.findAllByTestId('admin-registration');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('Ayşe Yılmaz');
    expect(rows[0].textContent).toContain('u-ayse@ornek.com');
    await userEvent.click(within(rows[0]).getByRole('button', { name: '@ayse hesabını onayla' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-registration')).toHaveLength(1));
    expect(mock.calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/admin/registrations/u-ayse/approve'))).toBe(true);
  });

  it('rejects only after the confirmation', async () => {
    const mock = await renderAdmin('/admin/registrations', {
      api: {
        'GET /api/admin/registrations': { body: { users: [MEHMET], nextCursor: null } },
        'POST /api/admin/registrations/u-mehmet/reject': { body: { message: 'Kayıt başvurusu reddedildi.', user: MEHMET } },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: '@mehmet hesabını reddet' }));
    const dialog = screen.getByRole('dialog', { name: 'Kayıt başvurusu reddedilsin mi?' });
    expect(mock.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reddet' }));
    await waitFor(() => expect(mock.calls.some((c) => c.method === 'POST' && c.url.endsWith('/reject'))).toBe(true));
  });

  it('shows the empty state, and an error with a retry', async () => {
    let fail = true;
    await renderAdmin('/admin/registrations', {
      api: { 'GET /api/admin/registrations': () => (fail ? { status: 500, body: { message: 'Sunucu hatası' } } : { body: { users: [], nextCursor: null } }) },
    });
    expect(await screen.findByText('Kayıt başvuruları yüklenemedi')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Tekrar dene/ }));
    expect(await screen.findByText('Onay bekleyen kayıt yok.')).toBeTruthy();
  });

  it('is in the menu of a moderator too', async () => {
    await renderAdmin('/admin', { user: MODERATOR, api: { 'GET /api/admin/dashboard': { status: 500, body: {} } } });
    expect(within(screen.getByRole('navigation', { name: 'Yönetim menüsü' })).getByRole('link', { name: 'Kayıt Başvuruları' }).getAttribute('href')).toBe('/admin/registrations');
  });
});
