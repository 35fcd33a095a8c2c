import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { TrendsWidget } from './trends-widget';

describe('TrendsWidget', () => {
  it('shows each hashtag with 15 times its post count, linked to its hashtag page', async () => {
    const { calls } = renderWithProviders(<TrendsWidget />, {
      fetch: {
        'GET /api/trending/hashtags': {
          body: {
            trends: [
              { hashtag: 'gündem', postCount: 3, engagementScore: 10 },
              { hashtag: 'kitap', postCount: 100, engagementScore: 4 },
            ],
          },
        },
      },
    });
    const first = (await screen.findByText('#gündem')).closest('a')!;
    expect(within(first).getByText('45 gönderi')).toBeTruthy();
    expect(first.getAttribute('href')).toBe('/hashtag/gündem');
    const second = screen.getByText('#kitap').closest('a')!;
    expect(within(second).getByText('1.5K gönderi')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Gündem' })).toBeTruthy();
    expect(calls[0].url).toBe('/api/trending/hashtags?limit=5');
  });

  it.each([
    ['a server error', { status: 500, body: { message: 'Hata' } }],
    ['a network error', { networkError: true }],
  ])('falls back silently to the hard-coded list on %s', async (_label, reply) => {
    renderWithProviders(<TrendsWidget />, { fetch: { 'GET /api/trending/hashtags': reply } });
    expect(await screen.findByText('#teknoloji')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
