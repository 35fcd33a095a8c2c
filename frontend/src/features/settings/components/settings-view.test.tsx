import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PREFERENCES, PREFERENCES_KEY } from '../../../lib/preferences';
import { member, renderWithProviders } from '../../../test/render';
import { SettingsView } from './settings-view';

const ayse = { ...member, email: 'ayse@gundem.local' };

async function renderSettings() {
  const view = renderWithProviders(<SettingsView />, {
    user: ayse,
    fetch: {
      'GET /api/notifications/preferences': { body: { mentionsFrom: 'everyone' } },
      'GET /api/users/blocks': { body: { users: [], nextCursor: null } },
      'GET /api/users/mutes': { body: { users: [], nextCursor: null } },
      'GET /api/users/muted-words': { body: { words: [] } },
    },
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

afterEach(() => {
  delete document.documentElement.dataset.theme;
  delete document.documentElement.dataset.fontSize;
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
  });

  it('starts from the defaults of the local preference object', async () => {
    await renderSettings();
    for (const name of [
      'E-posta bildirimleri',
      'Anlık bildirimler',
      'Bahsetmeler',
      'Beğeniler',
      'Yeni takipçiler',
      'Mesajlar',
    ]) {
      expect(toggle(name).checked).toBe(true);
    }
    expect(toggle('Herkese açık profil').checked).toBe(true);
    expect(toggle('Gönderilerimi koru').checked).toBe(false);
    expect(toggle('Keşfedilebilir ol').checked).toBe(true);
    expect(toggle('Herkesten mesaj al').checked).toBe(true);
    expect(choice('Tema', 'Sistem').checked).toBe(true);
    expect(choice('Dil', 'Türkçe').checked).toBe(true);
    expect(choice('Yazı boyutu', 'Orta').checked).toBe(true);
    expect(DEFAULT_PREFERENCES.display).toEqual({
      theme: 'auto',
      language: 'tr',
      fontSize: 'medium',
    });
  });

  it('toggles locally: kept in this browser, never sent to the server', async () => {
    const { fetchMock } = await renderSettings();
    const before = fetchMock.mock.calls.length;
    await userEvent.click(toggle('Beğeniler'));
    await userEvent.click(toggle('Gönderilerimi koru'));
    expect(toggle('Beğeniler').checked).toBe(false);
    expect(toggle('Gönderilerimi koru').checked).toBe(true);
    expect(stored()).toMatchObject({
      notifications: { likes: false, email: true },
      privacy: { protectedTweets: true, publicProfile: true },
    });
    expect(fetchMock.mock.calls.length).toBe(before);
  });

  it('applies the theme and the font size to the page', async () => {
    await renderSettings();
    await userEvent.click(choice('Tema', 'Koyu'));
    expect(document.documentElement.dataset.theme).toBe('dark');
    await userEvent.click(choice('Yazı boyutu', 'Büyük'));
    expect(document.documentElement.dataset.fontSize).toBe('large');
    await userEvent.click(choice('Tema', 'Sistem'));
    expect(document.documentElement.dataset.theme).toBeUndefined();
    await userEvent.click(choice('Dil', 'English'));
    expect(stored().display).toEqual({ theme: 'auto', language: 'en', fontSize: 'large' });
    // The interface stays Turkish.
    expect(screen.getByRole('heading', { name: 'Görünüm' })).toBeTruthy();
  });

  it('reads stored preferences back, ignoring what it does not know', async () => {
    localStorage.setItem(
      PREFERENCES_KEY,
      JSON.stringify({ notifications: { push: false, likes: 'evet' }, display: { theme: 'mor' } }),
    );
    await renderSettings();
    expect(toggle('Anlık bildirimler').checked).toBe(false);
    expect(toggle('Beğeniler').checked).toBe(true);
    expect(choice('Tema', 'Sistem').checked).toBe(true);
  });

  it('has inert save and cancel buttons', async () => {
    const { fetchMock } = await renderSettings();
    await userEvent.click(toggle('Beğeniler'));
    const before = fetchMock.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'İptal' }));
    await userEvent.click(screen.getByRole('button', { name: 'Değişiklikleri kaydet' }));
    expect(fetchMock.mock.calls.length).toBe(before);
    expect(toggle('Beğeniler').checked).toBe(false);
  });
});
