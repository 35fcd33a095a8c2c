import { screen } from '@testing-library/react';
import { createFakeSocket } from '../../../test/fake-socket';
import { makePost, page } from '../../../test/fixtures';
import { createTestQueryClient, member, renderWithProviders } from '../../../test/render';
import { TimelineFeed } from '../components/timeline-feed';
import { FIRST_PAGE_ELEMENT_ID, prefetchTimeline } from './get-timeline';

/*
 * A guest's `/` comes with the timeline's first page in a JSON data block
 * (backend/src/common/spa/home-page.ts): a guest's feed renders from it without asking the API;
 * a member's ignores it and asks as before.
 */
const routes = {
  'GET /api/posts/timeline': { body: page([makePost({ _id: 'api1', content: 'API’den gelen' })]) },
};

/** The block as the server writes it: `<` as \u003c. */
function embed(posts: ReturnType<typeof makePost>[]) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_PAGE_ELEMENT_ID;
  element.textContent = JSON.stringify(page(posts, 'sonraki')).replace(/</g, '\\u003c');
  document.body.append(element);
}

describe('the first timeline page embedded in the HTML', () => {
  afterEach(() => document.getElementById(FIRST_PAGE_ELEMENT_ID)?.remove());

  it('renders a guest’s feed from it, without a request for the timeline', async () => {
    embed([makePost({ _id: 'e1', content: 'Sayfayla gelen <b>gönderi</b>' })]);
    prefetchTimeline();
    expect(document.getElementById(FIRST_PAGE_ELEMENT_ID)).toBeNull();
    // The app's 30 s staleTime (app/providers.tsx): the page is as fresh as a fetched one.
    const queryClient = createTestQueryClient();
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, staleTime: 30_000 } });
    const { calls } = renderWithProviders(<TimelineFeed />, { socket: createFakeSocket().factory, fetch: routes, queryClient });
    expect(await screen.findByText('Sayfayla gelen <b>gönderi</b>')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Daha fazla yükle' })).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('/api/posts/timeline'))).toEqual([]);
  });

  it('is used once: a later feed asks the API', async () => {
    embed([makePost({ _id: 'e2', content: 'Bir kez kullanılır' })]);
    prefetchTimeline();
    const first = renderWithProviders(<TimelineFeed />, { fetch: routes });
    await screen.findByText('Bir kez kullanılır');
    first.unmount();
    renderWithProviders(<TimelineFeed />, { fetch: routes });
    expect(await screen.findByText('API’den gelen')).toBeTruthy();
  });

  it('is ignored for a member, whose page has their own flags: the API is asked', async () => {
    localStorage.setItem('gundem_token', 'tok-test');
    embed([makePost({ _id: 'e3', content: 'Misafir sayfası' })]);
    const early = mockTimelineOnce();
    prefetchTimeline();
    expect(document.getElementById(FIRST_PAGE_ELEMENT_ID)).toBeNull();
    early.restore();
    renderWithProviders(<TimelineFeed />, { user: member, fetch: routes });
    expect(await screen.findByText('API’den gelen')).toBeTruthy();
    expect(screen.queryByText('Misafir sayfası')).toBeNull();
  });
});

/** prefetchTimeline's own request (before renderWithProviders installs its fetch stub). */
function mockTimelineOnce() {
  const original = globalThis.fetch;
  globalThis.fetch = vi.fn(
    async () => new Response(JSON.stringify(page([makePost({ _id: 'api1', content: 'API’den gelen' })])), { headers: { 'Content-Type': 'application/json' } }),
  );
  return { restore: () => void (globalThis.fetch = original) };
}
