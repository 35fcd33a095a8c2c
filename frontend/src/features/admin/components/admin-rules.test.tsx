import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServerRule } from '@gundem/contract';
import { ADMIN, MODERATOR, renderAdmin } from '../../../test/admin';
import type { MockReply } from '../../../test/fetch-mock';

const RULES: ServerRule[] = [
  { id: 'r1', position: 1, text: 'Saygılı olun.', hint: 'Kişilere değil fikirlere itiraz edin.' },
  { id: 'r2', position: 2, text: 'Spam yok.', hint: null },
];

describe('admin server rules screen', () => {
  it('shows a loading state, then each rule numbered with its text and hint', async () => {
    let answer!: (reply: MockReply) => void;
    await renderAdmin('/admin/rules', { api: { 'GET /api/rules': () => new Promise<MockReply>((resolve) => (answer = resolve)) } });
    expect(await screen.findByRole('status', { name: 'Kurallar yükleniyor…' })).toBeTruthy();
    answer({ body: { rules: RULES } });
    const items = await screen.findAllByTestId('admin-rule');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('group', { name: 'Kural 1' })).toBeTruthy();
    expect((within(items[0]).getByLabelText('Kural metni') as HTMLTextAreaElement).value).toBe('Saygılı olun.');
    expect((within(items[0]).getByLabelText('Kısa açıklama (isteğe bağlı)') as HTMLInputElement).value).toBe('Kişilere değil fikirlere itiraz edin.');
    expect((within(items[0]).getByRole('button', { name: 'Kural 1: yukarı taşı' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(items[1]).getByRole('button', { name: 'Kural 2: aşağı taşı' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the empty state, and an error with a retry', async () => {
    let fail = true;
    await renderAdmin('/admin/rules', { api: { 'GET /api/rules': () => (fail ? { status: 500, body: { message: 'Sunucu hatası' } } : { body: { rules: [] } }) } });
    expect(await screen.findByText('Kurallar yüklenemedi')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Tekrar dene/ }));
    expect(await screen.findByText('Henüz kural yok. “Kural ekle” ile ilk kuralı yazın.')).toBeTruthy();
  });

  it('reorders, edits, deletes and adds, then saves the whole list with the kept ids', async () => {
    const mock = await renderAdmin('/admin/rules', {
      api: {
        'GET /api/rules': { body: { rules: RULES } },
        'PUT /api/admin/rules': (init) => {
          const sent = JSON.parse(String(init?.body)) as { rules: { id?: string; text: string; hint: string | null }[] };
          return { body: { message: 'Sunucu kuralları kaydedildi.', rules: sent.rules.map((r, i) => ({ id: r.id ?? `n${i}`, position: i + 1, text: r.text, hint: r.hint })) } };
        },
      },
    });
    await screen.findAllByTestId('admin-rule');
    await userEvent.click(screen.getByRole('button', { name: 'Kural 2: yukarı taşı' }));
    const first = within(screen.getAllByTestId('admin-rule')[0]).getByLabelText('Kural metni');
    expect((first as HTMLTextAreaElement).value).toBe('Spam yok.');
    await userEvent.type(first, ' Reklam da yok.');
    await userEvent.click(screen.getByRole('button', { name: 'Kural 2: sil' }));
    await userEvent.click(screen.getByRole('button', { name: 'Kural ekle' }));
    const added = within(screen.getAllByTestId('admin-rule')[1]).getByLabelText('Kural metni');
    expect(document.activeElement).toBe(added);

    // An empty new rule is refused here, before any request.
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Kural metni boş olamaz.')).toBeTruthy();
    expect(mock.calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.type(added, 'Kimliğe bürünmek yasak.');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Sunucu kuralları kaydedildi.')).toBeTruthy();
    expect(mock.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      rules: [
        { id: 'r2', text: 'Spam yok. Reklam da yok.', hint: null },
        { text: 'Kimliğe bürünmek yasak.', hint: null },
      ],
    });
    await waitFor(() => expect(screen.getAllByTestId('admin-rule')).toHaveLength(2));
  });

  it("shows the server's refusal", async () => {
    await renderAdmin('/admin/rules', {
      api: {
        'GET /api/rules': { body: { rules: RULES } },
        'PUT /api/admin/rules': { status: 409, body: { message: 'Listedeki kurallardan biri bu arada silinmiş. Lütfen sayfayı yenileyip yeniden deneyin.' } },
      },
    });
    await screen.findAllByTestId('admin-rule');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Hata: Listedeki kurallardan biri bu arada silinmiş. Lütfen sayfayı yenileyip yeniden deneyin.')).toBeTruthy();
  });

  it('is in the menu for an admin; a moderator has no entry, sees the no-permission screen and asks nothing', async () => {
    const mock = await renderAdmin('/admin/rules', { user: MODERATOR });
    expect(within(screen.getByRole('navigation', { name: 'Yönetim menüsü' })).queryByRole('link', { name: 'Kurallar' })).toBeNull();
    expect(await screen.findByText('Sunucu kurallarını yalnızca yöneticiler düzenleyebilir.')).toBeTruthy();
    expect(mock.calls.some((c) => c.url.includes('/api/rules') || c.url.includes('/api/admin/rules'))).toBe(false);
  });

  it('lets an admin open it from the menu', async () => {
    await renderAdmin('/admin', { user: ADMIN, api: { 'GET /api/admin/dashboard': { status: 500, body: {} }, 'GET /api/rules': { body: { rules: [] } } } });
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Yönetim menüsü' })).getByRole('link', { name: 'Kurallar' }));
    expect(await screen.findByRole('heading', { name: 'Sunucu kuralları' })).toBeTruthy();
  });
});
