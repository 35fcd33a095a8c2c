import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin } from '../../../test/admin';
import type { MockReply } from '../../../test/fetch-mock';
import type { AdminSettings } from '../types';

const SETTINGS: AdminSettings = {
  siteName: 'gündem',
  registrationMode: 'open',
  registrationEnabled: true,
  emailVerificationRequired: false,
  maintenanceMode: false,
  maxTweetLength: 280,
  allowedFileTypes: ['image/jpeg', 'image/png'],
  blockedEmailDomains: ['spam.example'],
  maxFileSize: 5 * 1024 * 1024,
  maxImagesPerPost: 4,
  maxImagePixels: 40_000_000,
  mediaUploadsPerHour: 60,
  rateLimit: { windowMs: 15 * 60 * 1000, maxRequests: 100 },
};

async function renderSettings(
  save: MockReply = { body: { message: 'Kaydedildi', settings: SETTINGS } },
) {
  const result = await renderAdmin('/admin/settings', {
    api: {
      'GET /api/admin/settings': { body: { settings: SETTINGS } },
      'PATCH /api/admin/settings': save,
    },
  });
  await screen.findByRole('button', { name: 'Kaydet' });
  return result;
}

function field(name: string) {
  return screen.getByLabelText(name) as HTMLInputElement;
}

function patches(calls: { method: string; body: unknown }[]) {
  return calls.filter((call) => call.method === 'PATCH').map((call) => call.body);
}

async function setLength(value: string) {
  const input = field('Maksimum gönderi uzunluğu');
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

describe('AdminSettings', () => {
  it('edits the blocked e-mail domains one a line and sends them as a list', async () => {
    const { calls } = await renderSettings();
    const domains = field('Engellenen e-posta alan adları') as unknown as HTMLTextAreaElement;
    expect(domains.value).toBe('spam.example');
    await userEvent.type(domains, '{Enter}kotu.com.tr, ornek.com{Enter}spam.example');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toMatchObject({ blockedEmailDomains: ['spam.example', 'kotu.com.tr', 'ornek.com'] });
  });

  it('chooses the registration mode among open, approval and closed, and sends it', async () => {
    const { calls } = await renderSettings({ body: { message: 'Kaydedildi', settings: { ...SETTINGS, registrationMode: 'approval' } } });
    const registration = within(screen.getByRole('group', { name: 'Yeni kayıtlar' }));
    await userEvent.click(registration.getByRole('radio', { name: /^Personel onayıyla/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toMatchObject({ registrationMode: 'approval', registrationEnabled: true });
    await userEvent.click(registration.getByRole('radio', { name: /^Kapalı/ }));
    expect((registration.getByRole('radio', { name: /^Kapalı/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the settings with the site name and the three limits read-only', async () => {
    await renderSettings();
    expect(field('Site adı').value).toBe('gündem');
    expect(field('Site adı').readOnly).toBe(true);
    const registration = within(screen.getByRole('group', { name: 'Yeni kayıtlar' }));
    expect((registration.getByRole('radio', { name: /^Açık/ }) as HTMLInputElement).checked).toBe(true);
    expect(registration.getAllByRole('radio')).toHaveLength(3);
    expect((screen.getByRole('switch', { name: 'Bakım modu' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(field('Maksimum gönderi uzunluğu').value).toBe('280');
    expect(field('İzin verilen dosya türleri').value).toBe('image/jpeg, image/png');

    const windowField = field('İstek sınırı süresi (dakika)');
    const requests = field('Maksimum istek sayısı');
    const fileSize = field('Maksimum dosya boyutu (MB)');
    expect([windowField.value, requests.value, fileSize.value]).toEqual(['15', '100', '5']);
    for (const input of [windowField, requests, fileSize]) expect(input.readOnly).toBe(true);
    expect([
      windowField.min,
      windowField.max,
      requests.min,
      requests.max,
      fileSize.min,
      fileSize.max,
    ]).toEqual(['1', '60', '10', '1000', '1', '50']);

    // Typing into a read-only field changes nothing.
    await userEvent.type(windowField, '9');
    expect(windowField.value).toBe('15');
  });

  it('shows the picture settings with the server’s ranges, editable', async () => {
    await renderSettings();
    const group = within(screen.getByRole('group', { name: 'Görseller' }));
    const images = group.getByLabelText('Gönderi başına en fazla görsel') as HTMLInputElement;
    const pixels = group.getByLabelText('Görsel başına en fazla piksel') as HTMLInputElement;
    const uploads = group.getByLabelText('Üye başına saatlik görsel yükleme') as HTMLInputElement;
    expect([images.value, pixels.value, uploads.value]).toEqual(['4', '40000000', '60']);
    expect([images.min, images.max, pixels.min, pixels.max, uploads.min, uploads.max]).toEqual([
      '1',
      '10',
      '1000000',
      '100000000',
      '1',
      '1000',
    ]);
    for (const input of [images, pixels, uploads]) expect(input.readOnly).toBe(false);
  });

  it.each<[string, string, string]>([
    ['Gönderi başına en fazla görsel', '11', 'Gönderi başına en fazla görsel 1 ile 10 arasında bir tam sayı olmalıdır.'],
    ['Gönderi başına en fazla görsel', '0', 'Gönderi başına en fazla görsel 1 ile 10 arasında bir tam sayı olmalıdır.'],
    ['Görsel başına en fazla piksel', '999999', 'Görsel başına en fazla piksel 1.000.000 ile 100.000.000 arasında bir tam sayı olmalıdır.'],
    ['Görsel başına en fazla piksel', '100000001', 'Görsel başına en fazla piksel 1.000.000 ile 100.000.000 arasında bir tam sayı olmalıdır.'],
    ['Üye başına saatlik görsel yükleme', '1001', 'Üye başına saatlik görsel yükleme 1 ile 1000 arasında bir tam sayı olmalıdır.'],
    ['Üye başına saatlik görsel yükleme', '2.5', 'Üye başına saatlik görsel yükleme 1 ile 1000 arasında bir tam sayı olmalıdır.'],
  ])('refuses %s = %s in Turkish and sends nothing', async (label, value, message) => {
    const { calls } = await renderSettings();
    const input = field(label);
    await userEvent.clear(input);
    await userEvent.type(input, value);
    expect(screen.getByText(message)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(patches(calls)).toEqual([]);
    expect(field(label).getAttribute('aria-invalid')).toBe('true');
  });

  it('saves the picture settings at the ends of their ranges with the whole settings object', async () => {
    const { calls } = await renderSettings();
    for (const [label, value] of [
      ['Gönderi başına en fazla görsel', '10'],
      ['Görsel başına en fazla piksel', '1000000'],
      ['Üye başına saatlik görsel yükleme', '1000'],
    ] as const) {
      await userEvent.clear(field(label));
      await userEvent.type(field(label), value);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await screen.findByText('Ayarlar başarıyla kaydedildi!');
    expect(patches(calls)).toEqual([{ ...SETTINGS, maxImagesPerPost: 10, maxImagePixels: 1_000_000, mediaUploadsPerHour: 1000 }]);
  });

  it.each(['0', '501', '-3', '2.5'])('refuses a max post length of %s', async (value) => {
    const { calls } = await renderSettings();
    await setLength(value);
    expect(
      screen.getByText('Maksimum gönderi uzunluğu 1 ile 500 arasında olmalıdır.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(patches(calls)).toEqual([]);
    expect(field('Maksimum gönderi uzunluğu').getAttribute('aria-invalid')).toBe('true');
  });

  it.each([
    ['1', 1],
    ['500', 500],
  ])('accepts a max post length of %s and sends the whole settings object', async (value, sent) => {
    const { calls } = await renderSettings();
    await setLength(value);
    expect(
      screen.queryByText('Maksimum gönderi uzunluğu 1 ile 500 arasında olmalıdır.'),
    ).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Bakım modu' }));
    const types = field('İzin verilen dosya türleri');
    await userEvent.clear(types);
    await userEvent.type(types, 'image/png, , image/webp,image/png');
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await screen.findByText('Ayarlar başarıyla kaydedildi!');
    expect(patches(calls)).toEqual([
      {
        ...SETTINGS,
        maintenanceMode: true,
        maxTweetLength: sent,
        allowedFileTypes: ['image/png', 'image/webp'],
      },
    ]);
  });

  it('hides the saved message after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderSettings();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const message = await screen.findByText('Ayarlar başarıyla kaydedildi!');
    expect(message.closest('[role="status"]')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(2500);
    });
    expect(screen.getByText('Ayarlar başarıyla kaydedildi!')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.queryByText('Ayarlar başarıyla kaydedildi!')).toBeNull();
  });

  it.each<[string, MockReply, string]>([
    [
      'a server message',
      { status: 400, body: { message: 'Geçersiz ayar değeri' } },
      'Hata: Geçersiz ayar değeri',
    ],
    ['a server error without a message', { status: 500, body: {} }, 'Kaydetme hatası!'],
    ['a network failure', { networkError: true }, 'Kaydetme hatası!'],
  ])('shows the failure text on %s', async (_, reply, text) => {
    await renderSettings(reply);
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(text);
    expect(screen.queryByText('Ayarlar başarıyla kaydedildi!')).toBeNull();
  });

  it('shows a loading state, then a load error with a retry', async () => {
    let fail = true;
    await renderAdmin('/admin/settings', {
      api: {
        'GET /api/admin/settings': () =>
          fail
            ? { status: 403, body: { message: 'Bu işlem için yönetici yetkisi gerekir' } }
            : { body: { settings: SETTINGS } },
      },
    });
    expect(screen.getByRole('status', { name: 'Ayarlar yükleniyor…' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ayarlar yüklenemedi');
    expect(alert.textContent).toContain('Bu işlem için yönetici yetkisi gerekir');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    await waitFor(() => expect(field('Site adı').value).toBe('gündem'));
  });
});
