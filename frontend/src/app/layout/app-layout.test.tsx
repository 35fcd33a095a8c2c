import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { AppLayout } from './app-layout';

/** A matchMedia that answers the shell's min-/max-width queries for a window of `width` px. */
function windowOf(width: number) {
  const lists = new Set<{ query: string; listener?: () => void }>();
  const matches = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  window.matchMedia = ((query: string) => {
    const entry: { query: string; listener?: () => void } = { query };
    lists.add(entry);
    return {
      get matches() {
        return matches(query);
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => (entry.listener = listener),
      removeEventListener: () => lists.delete(entry),
    } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
  return {
    resize(to: number) {
      width = to;
      act(() => {
        for (const entry of [...lists]) entry.listener?.();
      });
    },
  };
}

function shell() {
  return {
    left: document.querySelector('.left-sidebar'),
    right: document.querySelector('.right-sidebar'),
    bottom: document.querySelector('.bottom-nav'),
    header: document.querySelector('.mobile-header'),
  };
}

/** The guest's trends and suggestions, which only the right column asks for. */
const SIDEBAR_DATA = {
  'GET /api/trending/hashtags': { body: { hashtags: [] } },
  'GET /api/trending/users': { body: { users: [] } },
};

describe('AppLayout renders a column only where it shows', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('on a phone: the bottom bar and the mobile header, no sidebars and none of their requests', async () => {
    windowOf(390);
    const { fetchMock } = renderWithProviders(<AppLayout />);
    await screen.findByRole('navigation', { name: 'Ana menü' });
    expect(shell()).toMatchObject({ left: null, right: null });
    expect(shell().bottom).not.toBeNull();
    expect(shell().header).not.toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/api/trending'))).toEqual([]);
  });

  it('on a desktop: both sidebars, no phone bars; narrowing the window swaps them', async () => {
    const media = windowOf(1280);
    renderWithProviders(<AppLayout />, { fetch: SIDEBAR_DATA });
    await screen.findAllByRole('navigation');
    expect(shell().left).not.toBeNull();
    expect(shell().right).not.toBeNull();
    expect(shell()).toMatchObject({ bottom: null, header: null });

    media.resize(800);
    expect(shell().left).not.toBeNull();
    expect(shell()).toMatchObject({ right: null, bottom: null });

    media.resize(390);
    expect(shell()).toMatchObject({ left: null, right: null });
    expect(shell().bottom).not.toBeNull();
  });
});
