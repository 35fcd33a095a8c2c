import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePost } from '../../../test/fixtures';
import { member, renderWithProviders } from '../../../test/render';
import { ComposeFab } from './compose-fab';
import { ComposeLauncher } from './compose-launcher';

const fab = (
  <ComposeLauncher>
    <ComposeFab />
  </ComposeLauncher>
);

describe('ComposeFab', () => {
  it('is not offered to a guest', () => {
    renderWithProviders(fab);
    expect(screen.queryByRole('button', { name: 'Yeni gönderi' })).toBeNull();
  });

  it('opens the compose box in a dialog, posts, closes and gives the focus back', async () => {
    const { calls } = renderWithProviders(fab, {
      user: member,
      fetch: {
        'POST /api/posts': {
          status: 201,
          body: { post: makePost({ _id: 'n1', content: 'Telefondan merhaba' }) },
        },
      },
    });
    const button = await screen.findByRole('button', { name: 'Yeni gönderi' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Yeni gönderi' });
    const box = within(dialog).getByRole('textbox', { name: 'Gönderi metni' });
    expect(document.activeElement).toBe(box);
    await userEvent.type(box, 'Telefondan merhaba');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gönder' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      content: 'Telefondan merhaba',
    });
    expect(document.activeElement).toBe(button);
  });

  it('closes on Escape without sending', async () => {
    const { calls } = renderWithProviders(fab, { user: member });
    await userEvent.click(await screen.findByRole('button', { name: 'Yeni gönderi' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('is not shown on the messages screen, whose input bar sits at the bottom', async () => {
    renderWithProviders(fab, { user: member, path: '/messages?user=zeynep' });
    // The screen shows once the session check is done (test/render.tsx): signed in, no button.
    await screen.findByTestId('location');
    expect(screen.queryByRole('button', { name: 'Yeni gönderi' })).toBeNull();
  });

  it('is shown on the other screens', async () => {
    renderWithProviders(fab, { user: member, path: '/post/p1' });
    expect(await screen.findByRole('button', { name: 'Yeni gönderi' })).toBeTruthy();
  });
});
