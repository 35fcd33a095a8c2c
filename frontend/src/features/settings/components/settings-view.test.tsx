import { DEFAULT_PREFERENCES, type Preferences } from '@gundem/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyDisplayPreferences, previewDisplay } from '../../../lib/preferences';
import { PREFERENCES_KEY } from '../../../lib/preferences-cache';
import type { MockRoutes } from '../../../test/fetch-mock';
import { member, renderWithProviders } from '../../../test/render';
import { SettingsView } from './settings-view';

const ayse = { ...member, email: 'ayse@gundem.local' };

const OTHER_ROUTES: MockRoutes = {
  'GET /api/notifications/preferences': { body: { mentionsFrom: 'everyone' } },
  'GET /api/users/blocks': { body: { users: [], nextCursor: null } },
  'GET /api/users/mutes': { body: { users: [], nextCursor: null } },
  'GET /api/users/muted-words': { body: { words: [] } },
};

/** The account's settings object as the server keeps it (every default unless given). */
function onServer(patch: { [K in keyof Preferences]?: Partial<Preferences[K]> } = {}): Preferences {
  return {
    notifications: { ...DEFAULT_PREFERENCES.notifications, ...patch.notifications },
    privacy: { ...DEFAULT_PREFERENCES.privacy, ...patch.privacy },
    display: { ...DEFAULT_PREFERENCES.display, ...patch.display },
  };
}

async function renderSettings(routes: MockRoutes = {}, user: typeof ayse | null = ayse) {
  const view = renderWithProviders(<SettingsView />, {
    user: user ?? undefined,
    fetch: { 'GET /api/users/me/preferences': { body: onServer() }, ...OTHER_ROUTES, ...routes },
  });
  await screen.findByRole('heading', { name: 'Hesap' });
  return view;
}

function toggle(name: string) {
  return screen.getByRole('switch', { name }) as HTMLInputElement;
}

function choice(group: string, name: string) {
  const fieldset = screen.getByRole('group', { name: group });
  return within(fieldset).getByRole('radio', { name }) as HTMLInputElement;
}

function stored() {
  return JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? 'null');
}

const saveButton = () => screen.getByRole('button', { name: 'Değişiklikleri kaydet' }) as HTMLButtonElement;
const cancelButton = () => screen.getByRole('button', { name: 'İptal' }) as HTMLButtonElement;

afterEach(() => {
  previewDisplay(null);
  delete document.documentElement.dataset.theme;
  delete document.documentElement.dataset.fontSize;
  localStorage.clear();
});

describe('SettingsView', () => {
  it('has the seven sections and the account details', async () => {
    await renderSettings();
    await screen.findByText('Kimseyi sessize almadınız.');
    const emptyStates = ['Kimseyi engellemediniz.', 'Kimseyi sessize almadınız.', 'Sessize aldığınız sözcük yok.'];
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent).filter((t) => !emptyStates.includes(t ?? ''))).toEqual([
      'Hesap',
      'Profil görselleri',
      'Engellenenler',
      'Sessize alınanlar',
      'Bildirimler',
      'Gizlilik',
      'Görünüm',
    ]);
    const account = screen.getByRole('region', { name: 'Hesap' });
    expect(within(account).getByText('Ayşe Yılmaz')).toBeTruthy();
    expect(within(account).getByText('@ayse')).toBeTruthy();
    expect(within(account).getByText('ayse@gundem.local')).toBeTruthy();
    expect(screen.getByText('Tercihleriniz hesabınızda saklanır ve giriş yaptığınız her cihazda geçerlidir.')).toBeTruthy();
  });

  it('shows the account’s preferences from the server, over what this browser had', async () => {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(onServer({ display: { theme: 'light' } })));
    await renderSettings({
      'GET /api/users/me/preferences': {
        body: onServer({ notifications: { reposts: false }, privacy: { allowMessages: 'nobody' }, display: { theme: 'dark' } }),
      },
    });
    await waitFor(() => expect(choice('Tema', 'Koyu').checked).toBe(true));
    for (const name of ['E-posta bildirimleri', 'Anlık bildirimler', 'Bahsetmeler', 'Beğeniler', 'Yanıtlar', 'Yeni takipçiler', 'Mesajlar']) {
      expect(toggle(name).checked).toBe(true);
    }
    expect(toggle('Yeniden paylaşımlar').checked).toBe(false);
    expect(toggle('Herkese açık profil').checked).toBe(true);
    expect(toggle('Gönderilerimi koru').checked).toBe(false);
    expect(toggle('Keşfedilebilir ol').checked).toBe(true);
    expect(choice('Kimler size mesaj gönderebilir', 'Hiç kimse').checked).toBe(true);
    expect(choice('Kimler size mesaj gönderebilir', 'Herkes').checked).toBe(false);
    expect(choice('Dil', 'Türkçe').checked).toBe(true);
    expect(choice('Yazı boyutu', 'Orta').checked).toBe(true);
    // Nothing changed yet: nothing to save or cancel.
    expect(saveButton().disabled).toBe(true);
    expect(cancelButton().disabled).toBe(true);
  });

  it('edits a draft: nothing is sent until saved; saving sends only the changes and keeps the answer', async () => {
    const { calls } = await renderSettings({
      'PUT /api/users/me/preferences': (init) => ({
        body: onServer({ ...(JSON.parse(String(init?.body)) as object), display: { theme: 'dark' } }),
      }),
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/users/me/preferences')).toBe(true));
    await userEvent.click(toggle('Beğeniler'));
    await userEvent.click(choice('Kimler size mesaj gönderebilir', 'Takip ettiklerim'));
    await userEvent.click(choice('Tema', 'Koyu'));
    // The theme is previewed on the page; nothing is sent or kept yet.
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(stored()).toBeNull();
    expect(screen.getByText('Kaydedilmemiş değişiklikleriniz var.').getAttribute('role')).toBe('status');

    await userEvent.click(saveButton());
    expect(await screen.findByText('Değişiklikler kaydedildi.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { notifications: { likes: false }, privacy: { allowMessages: 'following' }, display: { theme: 'dark' } },
    ]);
    expect(stored()).toMatchObject({ notifications: { likes: false }, privacy: { allowMessages: 'following' }, display: { theme: 'dark' } });
    expect(toggle('Beğeniler').checked).toBe(false);
    expect(saveButton().disabled).toBe(true);
  });

  it('cancel puts the draft and the page’s display back to the saved copy', async () => {
    const { calls } = await renderSettings({ 'GET /api/users/me/preferences': { body: onServer({ display: { fontSize: 'large' } }) } });
    await waitFor(() => expect(choice('Yazı boyutu', 'Büyük').checked).toBe(true));
    await userEvent.click(toggle('Mesajlar'));
    await userEvent.click(choice('Yazı boyutu', 'Küçük'));
    await userEvent.click(choice('Tema', 'Koyu'));
    expect(document.documentElement.dataset.fontSize).toBe('small');
    await userEvent.click(cancelButton());
    expect(toggle('Mesajlar').checked).toBe(true);
    expect(choice('Yazı boyutu', 'Büyük').checked).toBe(true);
    expect(choice('Tema', 'Sistem').checked).toBe(true);
    expect(document.documentElement.dataset.fontSize).toBe('large');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('keeps the theme being tried out when the saved copy arrives meanwhile (a start’s read, another device’s save), until İptal', async () => {
    await renderSettings();
    await userEvent.click(choice('Tema', 'Koyu'));
    expect(document.documentElement.dataset.theme).toBe('dark');
    // What PreferencesSync does with the server's copy (lib/preferences-cache.tsx).
    applyDisplayPreferences({ theme: 'light', fontSize: 'medium' });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(choice('Tema', 'Koyu').checked).toBe(true);
    await userEvent.click(cancelButton());
    expect(document.documentElement.dataset.theme).toBeUndefined();
    // The preview has ended: the saved copy applies again.
    applyDisplayPreferences({ theme: 'light' });
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('shows the server’s refusal and keeps the draft', async () => {
    await renderSettings({
      'PUT /api/users/me/preferences': { status: 400, body: { statusCode: 400, message: 'display.theme şunlardan biri olmalıdır: light, dark, auto.' } },
    });
    await userEvent.click(toggle('Beğeniler'));
    await userEvent.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toBe('display.theme şunlardan biri olmalıdır: light, dark, auto.');
    expect(toggle('Beğeniler').checked).toBe(false);
    expect(stored()).toBeNull();
  });

  it('says so when the server’s copy cannot be read, and shows this browser’s', async () => {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(onServer({ notifications: { push: false } })));
    await renderSettings({ 'GET /api/users/me/preferences': { status: 503, body: { statusCode: 503, message: 'Hizmet geçici olarak kullanılamıyor.' } } });
    expect(await screen.findByText('Tercihleriniz sunucudan yüklenemedi; bu cihazdaki kopya gösteriliyor.')).toBeTruthy();
    expect(toggle('Anlık bildirimler').checked).toBe(false);
  });

  it('for a guest: saved in this browser only, and cancel reverts', async () => {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ notifications: { push: false, likes: 'evet' }, display: { theme: 'mor' } }));
    const { calls } = await renderSettings({ 'GET /api/health': { body: { status: 'ok' } } }, null);
    expect(screen.getByText('Bu tercihler yalnızca bu cihazda saklanır.')).toBeTruthy();
    // What this browser kept, over the defaults; what it does not know is the default.
    expect(toggle('Anlık bildirimler').checked).toBe(false);
    expect(toggle('Beğeniler').checked).toBe(true);
    expect(choice('Tema', 'Sistem').checked).toBe(true);
    await userEvent.click(toggle('Beğeniler'));
    await userEvent.click(cancelButton());
    expect(toggle('Beğeniler').checked).toBe(true);
    await userEvent.click(choice('Tema', 'Koyu'));
    await userEvent.click(saveButton());
    expect(stored().display.theme).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(calls.filter((c) => c.url.includes('/preferences'))).toEqual([]);
  });
});
