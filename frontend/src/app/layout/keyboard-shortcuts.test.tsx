import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { ExploreView } from '../../features/explore/components/explore-view';
import { ComposeLauncher } from '../../features/posts/components/compose-launcher';
import { FeedShortcuts } from '../../features/posts/components/feed-shortcuts';
import { SEARCH_SHORTCUT } from '../../lib/search-shortcut';
import { currentLocation, member, renderWithProviders } from '../../test/render';

/** The shell's parts the shortcuts need: the compose launcher, the shortcuts, a few screens. */
function Shell() {
  return (
    <ComposeLauncher>
      <FeedShortcuts />
      <main>
        <Routes>
          <Route
            path="/explore"
            element={
              <>
                <ExploreView query="" feed={null} popularFeed={null} renderResults={() => null} />
                <Link to="/post/p1">Gönderiyi aç</Link>
              </>
            }
          />
          <Route
            path="/post/:id"
            element={
              <>
                <h1>Gönderi sayfası</h1>
                <textarea aria-label="Yanıt alanı" />
              </>
            }
          />
          <Route
            path="/with-search"
            element={
              <>
                <h1>Aramalı sayfa</h1>
                <input type="search" aria-label="Sayfanın araması" {...SEARCH_SHORTCUT} />
              </>
            }
          />
          <Route
            path="*"
            element={
              <>
                <h1>Ana sayfa</h1>
                <input aria-label="Bir alan" />
                <textarea aria-label="Bir metin" />
                <div contentEditable aria-label="Düzenlenebilir" role="textbox" />
              </>
            }
          />
        </Routes>
      </main>
    </ComposeLauncher>
  );
}

async function renderShell(path = '/', signedIn = true) {
  const view = renderWithProviders(<Shell />, { path, ...(signedIn ? { user: member } : {}) });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

/** Issue 23's shortcuts of the app shell (features/posts/components/feed-shortcuts.tsx). */
describe('keyboard shortcuts', () => {
  it('n opens the compose dialog for a member, and gives the focus back when closed', async () => {
    await renderShell();
    const field = screen.getByRole('textbox', { name: 'Bir alan' });
    field.focus();
    field.blur();
    await userEvent.keyboard('n');
    const dialog = await screen.findByRole('dialog', { name: 'Yeni gönderi' });
    const box = within(dialog).getByRole('textbox', { name: 'Gönderi metni' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    // In the dialog n is a letter again.
    await userEvent.keyboard('n');
    expect((box as HTMLTextAreaElement).value).toBe('n');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(currentLocation()).toBe('/');
  });

  it('n does nothing for a guest', async () => {
    await renderShell('/', false);
    await userEvent.keyboard('n');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('n and / are letters while typing in an input, a textarea or an editable text', async () => {
    await renderShell();
    for (const name of ['Bir alan', 'Bir metin']) {
      const field = screen.getByRole('textbox', { name }) as HTMLInputElement;
      await userEvent.click(field);
      await userEvent.keyboard('n/');
      expect(field.value).toBe('n/');
    }
    await userEvent.click(screen.getByRole('textbox', { name: 'Düzenlenebilir' }));
    await userEvent.keyboard('n/');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(currentLocation()).toBe('/');
  });

  it('none of them acts with Ctrl, Alt or Cmd', async () => {
    await renderShell();
    await userEvent.keyboard('{Control>}n{/Control}{Alt>}n{/Alt}{Meta>}/{/Meta}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(currentLocation()).toBe('/');
  });

  it('/ focuses the page’s own search box', async () => {
    await renderShell('/with-search');
    await userEvent.keyboard('/');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Sayfanın araması' }));
    expect(currentLocation()).toBe('/with-search');
  });

  it('/ on a page without a search box opens Explore with its search box focused', async () => {
    await renderShell('/');
    await userEvent.keyboard('/');
    await waitFor(() => expect(currentLocation()).toBe('/explore'));
    const box = await screen.findByRole('searchbox', { name: 'Gönderilerde ara' });
    expect(document.activeElement).toBe(box);
    // Focused, the box takes the next keys as text.
    await userEvent.keyboard('kitap');
    expect((box as HTMLInputElement).value).toBe('kitap');
  });

  it('Esc on a post page goes back to the page before it', async () => {
    await renderShell('/explore');
    await userEvent.click(screen.getByRole('link', { name: 'Gönderiyi aç' }));
    await screen.findByRole('heading', { name: 'Gönderi sayfası' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(currentLocation()).toBe('/explore'));
  });

  it('Esc on a post page opened from outside the app goes to the home feed', async () => {
    await renderShell('/post/p1');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it('Esc on a post page only closes an open dialog, and does nothing while typing', async () => {
    await renderShell('/post/p1');
    await userEvent.keyboard('n');
    await screen.findByRole('dialog', { name: 'Yeni gönderi' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(currentLocation()).toBe('/post/p1');

    await userEvent.click(screen.getByRole('textbox', { name: 'Yanıt alanı' }));
    await userEvent.keyboard('{Escape}');
    expect(currentLocation()).toBe('/post/p1');
  });

  it('Esc elsewhere than a post page stays', async () => {
    await renderShell('/');
    await userEvent.keyboard('{Escape}');
    expect(currentLocation()).toBe('/');
  });

  it('? lists n, / and Esc among the shortcuts', async () => {
    await renderShell();
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Klavye kısayolları' });
    expect(within(dialog).getByText('Yeni gönderi yazın')).toBeTruthy();
    expect(within(dialog).getByText('Arama kutusuna gidin')).toBeTruthy();
    expect(within(dialog).getByText('Gönderi sayfasından geri dönün')).toBeTruthy();
  });
});
