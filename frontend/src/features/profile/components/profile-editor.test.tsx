import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockReply } from '../../../test/fetch-mock';
import { createFakeSocket } from '../../../test/fake-socket';
import { member, renderWithProviders } from '../../../test/render';
import type { User } from '../../../lib/types';
import { LiveProfile } from './live-profile';
import { ProfileView } from './profile-view';

const ayse: User = { ...member, bio: 'Eski biyografi', location: 'İstanbul', website: 'https://eski.com' };

function renderOwn(fetch: Record<string, MockReply | ((init: RequestInit | undefined) => MockReply)> = {}, socket?: ReturnType<typeof createFakeSocket>) {
  return renderWithProviders(
    <>
      <ProfileView
        username="ayse"
        posts={<p>posts-slot</p>}
        replies={<p>replies-slot</p>}
        media={<p>media-slot</p>}
        likes={<p>likes-slot</p>}
        editorPictures={<p>pictures-slot</p>}
      />
      {socket ? <LiveProfile /> : null}
    </>,
    {
      user: ayse,
      fetch: { 'GET /api/users/profile/ayse': { body: { user: ayse } }, ...fetch },
      socket: socket?.factory,
    },
  );
}

async function openEditor() {
  await userEvent.click(await screen.findByRole('button', { name: 'Profili düzenle' }));
  return screen.findByRole('dialog', { name: 'Profili düzenle' });
}

const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;

describe('Profili düzenle', () => {
  it('opens a dialog with the four fields filled, the pictures beside them and focus on the name', async () => {
    renderOwn();
    const dialog = await openEditor();
    expect(field(dialog, 'Görünen ad').value).toBe('Ayşe Yılmaz');
    expect(field(dialog, 'Biyografi').value).toBe('Eski biyografi');
    expect(field(dialog, 'Konum').value).toBe('İstanbul');
    expect(field(dialog, 'Web sitesi').value).toBe('https://eski.com');
    expect(within(dialog).getByText('pictures-slot')).toBeTruthy();
    expect(within(dialog).getByTestId('bio-counter').textContent).toBe('14/160');
    expect(document.activeElement).toBe(field(dialog, 'Görünen ad'));
  });

  it('counts the bio in characters as the server does', async () => {
    renderOwn();
    const dialog = await openEditor();
    fireEvent.change(field(dialog, 'Biyografi'), { target: { value: '😀'.repeat(160) } });
    expect(within(dialog).getByTestId('bio-counter').textContent).toBe('160/160');
    fireEvent.change(field(dialog, 'Biyografi'), { target: { value: 'ş'.repeat(161) } });
    expect(within(dialog).getByTestId('bio-counter').textContent).toBe('161/160');
  });

  it('shows each refusal under its field, in Turkish, and sends nothing', async () => {
    const { calls } = renderOwn();
    const dialog = await openEditor();
    await userEvent.clear(field(dialog, 'Görünen ad'));
    fireEvent.change(field(dialog, 'Biyografi'), { target: { value: 'x'.repeat(161) } });
    fireEvent.change(field(dialog, 'Konum'), { target: { value: 'k'.repeat(31) } });
    fireEvent.change(field(dialog, 'Web sitesi'), { target: { value: 'javascript:alert(1)' } });
    const before = calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));

    expect(within(dialog).getByText('Görünen ad boş olamaz.')).toBeTruthy();
    expect(within(dialog).getByText('Biyografi en fazla 160 karakter olabilir.')).toBeTruthy();
    expect(within(dialog).getByText('Konum en fazla 30 karakter olabilir.')).toBeTruthy();
    expect(within(dialog).getByText('Web sitesi yalnızca http ya da https ile başlayan bir adres olabilir.')).toBeTruthy();
    expect(field(dialog, 'Görünen ad').getAttribute('aria-invalid')).toBe('true');
    expect(field(dialog, 'Web sitesi').getAttribute('aria-describedby')).toBeTruthy();
    // The first refused field takes the focus.
    expect(document.activeElement).toBe(field(dialog, 'Görünen ad'));
    expect(calls.length).toBe(before);

    // The messages follow the typing once shown.
    fireEvent.change(field(dialog, 'Web sitesi'), { target: { value: 'https://kullanici:sifre@ornek.com' } });
    expect(within(dialog).getByText('Web sitesi adresinde kullanıcı adı ya da şifre bulunamaz.')).toBeTruthy();
    fireEvent.change(field(dialog, 'Web sitesi'), { target: { value: 'ornek.com' } });
    expect(within(dialog).queryByText(/Web sitesi/, { selector: '.field__error' })).toBeNull();
  });

  it('saves only the changed fields with PATCH /api/users/me, closes, and the profile shows the answer', async () => {
    const saved = { ...ayse, displayName: 'Ayşe Kaya', website: 'https://yeni.com/ayse', email: 'ayse@gundem.local' };
    const { calls } = renderOwn({ 'PATCH /api/users/me': { body: { user: saved } } });
    const dialog = await openEditor();
    await userEvent.clear(field(dialog, 'Görünen ad'));
    await userEvent.type(field(dialog, 'Görünen ad'), '  Ayşe Kaya ');
    await userEvent.clear(field(dialog, 'Web sitesi'));
    await userEvent.type(field(dialog, 'Web sitesi'), 'yeni.com/ayse');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch).toMatchObject({ url: '/api/users/me', body: { displayName: 'Ayşe Kaya', website: 'yeni.com/ayse' } });
    expect(screen.getByRole('heading', { level: 2, name: /Ayşe Kaya/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'yeni.com/ayse' }).getAttribute('href')).toBe('https://yeni.com/ayse');
    // Focus goes back to the button that opened the dialog.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Profili düzenle' }));
  });

  it('puts a refusal of the server under the field it names, and keeps the dialog open', async () => {
    renderOwn({ 'PATCH /api/users/me': { status: 400, body: { message: 'Web sitesi geçerli bir adres olmalıdır (örneğin ornek.com ya da https://ornek.com).', statusCode: 400 } } });
    const dialog = await openEditor();
    fireEvent.change(field(dialog, 'Konum'), { target: { value: 'Ankara' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(await within(dialog).findByText('Web sitesi geçerli bir adres olmalıdır (örneğin ornek.com ya da https://ornek.com).')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Profili düzenle' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Kaydet' }).hasAttribute('disabled')).toBe(false);
  });

  it('says so when the server cannot be reached', async () => {
    renderOwn({ 'PATCH /api/users/me': { networkError: true } });
    const dialog = await openEditor();
    fireEvent.change(field(dialog, 'Biyografi'), { target: { value: 'Yeni' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Profil kaydedilemedi. Bağlantınızı kontrol edip yeniden deneyin.');
  });

  it('cancels without saving: İptal, and Escape, leave the profile as it was and send nothing', async () => {
    const { calls } = renderOwn();
    let dialog = await openEditor();
    await userEvent.type(field(dialog, 'Biyografi'), ' ve daha fazlası');
    await userEvent.click(within(dialog).getByRole('button', { name: 'İptal' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Eski biyografi')).toBeTruthy();

    dialog = await openEditor();
    expect(field(dialog, 'Biyografi').value).toBe('Eski biyografi');
    await userEvent.type(field(dialog, 'Konum'), 'x');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('İstanbul')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('keeps Tab inside the dialog', async () => {
    renderOwn();
    const dialog = await openEditor();
    const save = within(dialog).getByRole('button', { name: 'Kaydet' });
    save.focus();
    await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(save);
  });
});

describe('LiveProfile: profile:updated from another tab', () => {
  it('shows the pushed name, bio, place and site on the own profile', async () => {
    const socket = createFakeSocket();
    renderOwn({}, socket);
    await screen.findByText('Eski biyografi');
    await socket.socket.serverEmit('profile:updated', { user: { ...ayse, displayName: 'Başka Sekme', bio: 'Canlı biyografi', location: 'İzmir', website: 'https://canli.com' } });
    expect(await screen.findByText('Canlı biyografi')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /Başka Sekme/ })).toBeTruthy();
    expect(screen.getByText('İzmir')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'canli.com' })).toBeTruthy();
  });

  it('ignores an event about another account', async () => {
    const socket = createFakeSocket();
    renderOwn({}, socket);
    await screen.findByText('Eski biyografi');
    await socket.socket.serverEmit('profile:updated', { user: { ...ayse, _id: 'u-baska', id: 'u-baska', username: 'baska', bio: 'Yabancı' } });
    expect(screen.queryByText('Yabancı')).toBeNull();
    expect(screen.getByText('Eski biyografi')).toBeTruthy();
  });
});
