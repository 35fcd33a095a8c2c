import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePost, page } from '../../../test/fixtures';
import { currentLocation, member, renderWithProviders } from '../../../test/render';
import { ComposeLauncher } from './compose-launcher';
import { FeedShortcuts } from './feed-shortcuts';
import { TimelineFeed } from './timeline-feed';

const posts = [
  makePost({ _id: 'p1', content: 'Birinci #gündem' }),
  makePost({ _id: 'p2', content: 'İkinci' }),
  makePost({ _id: 'p3', content: 'Üçüncü' }),
];

async function renderFeed() {
  const view = renderWithProviders(
    <ComposeLauncher>
      <input aria-label="önceki alan" />
      <FeedShortcuts />
      <TimelineFeed />
    </ComposeLauncher>,
    {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page(posts) },
        'PUT /api/posts/p1/like': { body: { liked: true, likesCount: 1, isLiked: true, likes: 1 } },
      },
    },
  );
  await screen.findByText('Üçüncü');
  return view;
}

function cards() {
  return screen.getAllByTestId('post-card');
}

describe('feed keyboard', () => {
  it('makes each card one Tab stop', async () => {
    await renderFeed();
    screen.getByRole('textbox', { name: 'önceki alan' }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(cards()[0]);
    await userEvent.tab();
    expect(document.activeElement).toBe(cards()[1]);
    await userEvent.tab();
    expect(document.activeElement).toBe(cards()[2]);
  });

  it('moves through a card with the arrow keys, wraps, and Escape goes back to the card', async () => {
    const { calls } = await renderFeed();
    const card = cards()[0];
    card.focus();
    await userEvent.keyboard('{ArrowRight}');
    // The author's avatar link comes first.
    expect(card.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(card);
    const like = within(card).getByRole('button', { name: 'Beğen' });
    for (let i = 0; i < 12 && document.activeElement !== like; i++) {
      await userEvent.keyboard('{ArrowRight}');
    }
    expect(document.activeElement).toBe(like);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);

    // The ⋯ button (top-right, on every post) is the card's last control.
    const more = within(card).getByRole('button', { name: 'Daha fazla' });
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(more);
    await userEvent.keyboard('{ArrowRight}{ArrowLeft}');
    expect(document.activeElement).toBe(more);
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Paylaş' }));
    await userEvent.keyboard('{Escape}');
    expect(document.activeElement).toBe(card);
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(more);
  });

  it('opens the post with Enter on the card', async () => {
    await renderFeed();
    cards()[1].focus();
    await userEvent.keyboard('{Enter}');
    expect(currentLocation()).toBe('/post/p2');
  });

  it('moves between posts with j and k, not while typing', async () => {
    await renderFeed();
    await userEvent.click(document.body);
    await userEvent.keyboard('j');
    expect(document.activeElement).toBe(cards()[0]);
    await userEvent.keyboard('jj');
    expect(document.activeElement).toBe(cards()[2]);
    await userEvent.keyboard('j');
    expect(document.activeElement).toBe(cards()[2]);
    await userEvent.keyboard('k');
    expect(document.activeElement).toBe(cards()[1]);

    const field = screen.getByRole('textbox', { name: 'önceki alan' });
    await userEvent.click(field);
    await userEvent.keyboard('jk');
    expect(document.activeElement).toBe(field);
    expect((field as HTMLInputElement).value).toBe('jk');
  });

  it('lists the shortcuts on ?, and gives the focus back when closed', async () => {
    await renderFeed();
    cards()[1].focus();
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Klavye kısayolları' });
    expect(within(dialog).getByText('Sonraki gönderi')).toBeTruthy();
    expect(within(dialog).getByText('Önceki gönderi')).toBeTruthy();
    // j does nothing behind an open dialog.
    await userEvent.keyboard('j');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(cards()[1]);
  });
});
