import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeXhr } from '../../../test/fake-xhr';
import { member, renderWithProviders } from '../../../test/render';
import { SettingsView } from './settings-view';

const ayse = { ...member, email: 'ayse@gundem.local' };
const AVATAR = '/media/ab/ab0000000000000000000000000000000000000000000000000000000000000a.webp';

beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:onizleme') });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
});

async function renderSettings(user = ayse, fetch = {}) {
  const view = renderWithProviders(<SettingsView />, { user, fetch });
  await screen.findByRole('heading', { name: 'Profil görselleri' });
  return view;
}

const control = (kind: 'avatar' | 'header') => screen.getByTestId(`profile-image-${kind}`);

describe('Profil fotoğrafı and Kapak görseli', () => {
  it('uploads the chosen avatar with progress and a preview; the session user takes the new URL', async () => {
    const { requests } = installFakeXhr();
    await renderSettings();
    const avatar = control('avatar');
    expect(within(avatar).getByText('Profil fotoğrafı')).toBeTruthy();
    expect(within(avatar).queryByRole('button', { name: 'Kaldır' })).toBeNull();

    const file = new File(['png'], 'ben.png', { type: 'image/png' });
    await userEvent.upload(within(avatar).getByLabelText('Fotoğraf seç'), file);
    expect(requests).toHaveLength(1);
    expect(requests[0].method).toBe('PUT');
    expect(requests[0].url).toBe('/api/users/me/avatar');
    expect((requests[0].body as FormData).get('file')).toBe(file);
    // The chosen picture is shown while it goes up.
    expect(within(avatar).getByTestId('avatar').querySelector('img')!.getAttribute('src')).toBe('blob:onizleme');

    act(() => requests[0].progress(40, 100));
    expect(await within(avatar).findByText('Yükleniyor: %40')).toBeTruthy();
    expect((within(avatar).getByRole('progressbar') as HTMLProgressElement).value).toBeCloseTo(0.4);

    act(() => requests[0].respond(200, { user: { ...ayse, profileImage: AVATAR } }));
    await waitFor(() => expect(within(avatar).getByTestId('avatar').querySelector('img')!.getAttribute('src')).toBe(AVATAR));
    expect(within(avatar).queryByRole('progressbar')).toBeNull();
    expect(within(avatar).getByRole('button', { name: 'Kaldır' })).toBeTruthy();
  });

  it("shows the server's Turkish error and keeps the old picture", async () => {
    const { requests } = installFakeXhr();
    await renderSettings({ ...ayse, coverImage: '/media/cd/eski.webp' });
    const header = control('header');
    await userEvent.upload(within(header).getByLabelText('Görsel seç'), new File(['svg'], 'a.png', { type: 'image/png' }));
    expect(requests[0].url).toBe('/api/users/me/header');
    act(() => requests[0].respond(415, { message: 'Bu dosya türü desteklenmiyor.', statusCode: 415 }));
    expect((await within(header).findByRole('alert')).textContent).toBe('Bu dosya türü desteklenmiyor.');
    expect(header.querySelector('.profile-image__header img')!.getAttribute('src')).toBe('/media/cd/eski.webp');
  });

  it('a network failure: a Turkish message of its own', async () => {
    const { requests } = installFakeXhr();
    await renderSettings();
    const avatar = control('avatar');
    await userEvent.upload(within(avatar).getByLabelText('Fotoğraf seç'), new File(['png'], 'a.png', { type: 'image/png' }));
    act(() => requests[0].fail());
    expect((await within(avatar).findByRole('alert')).textContent).toBe('Bağlantı hatası. Lütfen tekrar deneyin.');
  });

  it('Kaldır removes the avatar: DELETE, back to the initial letter', async () => {
    const { calls } = await renderSettings({ ...ayse, profileImage: AVATAR }, { 'DELETE /api/users/me/avatar': { body: { user: { ...ayse, profileImage: null } } } });
    const avatar = control('avatar');
    expect(within(avatar).getByTestId('avatar').querySelector('img')!.getAttribute('src')).toBe(AVATAR);
    await userEvent.click(within(avatar).getByRole('button', { name: 'Kaldır' }));
    await waitFor(() => expect(within(avatar).getByTestId('avatar').querySelector('img')).toBeNull());
    expect(within(avatar).getByTestId('avatar').textContent).toBe('A');
    expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/api/users/me/avatar'))).toBe(true);
    expect(within(avatar).queryByRole('button', { name: 'Kaldır' })).toBeNull();
  });

  it('a failed removal says so in Turkish', async () => {
    await renderSettings({ ...ayse, coverImage: '/media/cd/eski.webp' }, { 'DELETE /api/users/me/header': { status: 500, body: { statusCode: 500 } } });
    const header = control('header');
    await userEvent.click(within(header).getByRole('button', { name: 'Kaldır' }));
    expect((await within(header).findByRole('alert')).textContent).toBe('Görsel kaldırılamadı.');
  });
});
