import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../../test/fixtures';
import { member, renderWithProviders } from '../../../test/render';
import { ProfileView } from './profile-view';

describe('the profile’s ⋯ menu: blocking', () => {
  it('blocks after the confirmation; the header then says so and the menu undoes it', async () => {
    let blocking = false;
    const { calls } = renderWithProviders(<ProfileView username="zeynep" posts={null} replies={null} media={null} likes={null} />, {
      path: '/profile/zeynep',
      user: member,
      fetch: {
        'GET /api/users/profile/zeynep': () => ({ body: { user: makeUser({ blocking, isFollowing: false }) } }),
        'PUT /api/users/u-zeynep/block': () => {
          blocking = true;
          return { body: { blocking: true } };
        },
      },
    });
    const button = await screen.findByRole('button', { name: 'Hesap işlemleri' });
    expect(screen.getByRole('button', { name: /Takip et/ })).toBeTruthy();
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: '@zeynep kullanıcısını engelle' }));
    const dialog = await screen.findByRole('dialog', { name: '@zeynep engellensin mi?' });
    // The safe answer has the focus.
    expect(document.activeElement?.textContent).toBe('Vazgeç');
    await userEvent.click(screen.getByRole('button', { name: 'Engelle' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/api/users/u-zeynep/block'))).toBe(true));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(await screen.findByText('Bu hesabı engellediniz.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Takip et/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Hesap işlemleri' }));
    expect(screen.getByRole('menuitem', { name: '@zeynep kullanıcısının engelini kaldır' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Hesap işlemleri' }));
  });

  it('shows the server’s refusal in the dialog', async () => {
    renderWithProviders(<ProfileView username="zeynep" posts={null} replies={null} media={null} likes={null} />, {
      path: '/profile/zeynep',
      user: member,
      fetch: {
        'GET /api/users/profile/zeynep': { body: { user: makeUser({ blocking: false }) } },
        'PUT /api/users/u-zeynep/block': { status: 404, body: { message: 'Kullanıcı bulunamadı.', statusCode: 404 } },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Hesap işlemleri' }));
    await userEvent.click(screen.getByRole('menuitem', { name: '@zeynep kullanıcısını engelle' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Engelle' }));
    expect(await screen.findByText('Kullanıcı bulunamadı.')).toBeTruthy();
  });

  it('has no menu for a guest or on one’s own profile', async () => {
    renderWithProviders(<ProfileView username="zeynep" posts={null} replies={null} media={null} likes={null} />, {
      path: '/profile/zeynep',
      fetch: { 'GET /api/users/profile/zeynep': { body: { user: makeUser() } } },
    });
    await screen.findByText('@zeynep');
    expect(screen.queryByRole('button', { name: 'Hesap işlemleri' })).toBeNull();
  });
});
