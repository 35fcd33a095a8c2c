import { screen, waitFor } from '@testing-library/react';
import { makePost, page } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { FIRST_PAINT_CARDS } from './post-feed';
import { TimelineFeed } from './timeline-feed';

/*
 * The page's first feed renders FIRST_PAINT_CARDS cards, then the rest in a transition
 * (post-feed.tsx, issue 13). Its own file: the first feed of a page load is a module-level fact.
 */
const twenty = page(
  Array.from({ length: 20 }, (_, i) => makePost({ _id: `p${i}`, content: `Gönderi ${i + 1}` })),
  'sonraki',
);

describe('the page’s first feed', () => {
  it('ends with every card of the first page, not busy, and the next page to load', async () => {
    expect(FIRST_PAINT_CARDS).toBeLessThan(20);
    renderWithProviders(<TimelineFeed />, { fetch: { 'GET /api/posts/timeline': { body: twenty } } });
    await waitFor(() => expect(screen.getAllByTestId('post-card')).toHaveLength(20));
    const feed = screen.getByRole('feed', { name: 'Gönderi akışı' });
    expect(feed.getAttribute('aria-busy')).toBe('false');
    expect(screen.getByText('Gönderi 20')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Daha fazla yükle' })).toBeTruthy();
  });
});
