import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockReply } from '../../test/fetch-mock';
import { makePost, page } from '../../test/fixtures';
import { currentLocation, deferred, member, renderWithProviders } from '../../test/render';
import { HashtagPage } from './hashtag-page';

function renderHashtag(path: string, fetch = {}, user?: typeof member) {
  return renderWithProviders(<HashtagPage />, { path, route: '/hashtag/:tag', fetch, user });
}

describe('HashtagPage', () => {
  it('titles the page #tag and lists the posts carrying it, a page at a time', async () => {
    const { calls } = renderHashtag('/hashtag/g%C3%BCndem', {
      'GET /api/hashtags/g%C3%BCndem/posts': (_init: unknown, url: string) => ({
        body: url.includes('cursor=c1')
          ? page([makePost({ _id: 'b', content: 'Daha eski #gündem' })], null)
          : page([makePost({ _id: 'a', content: 'En yeni #gündem' })], 'c1'),
      }),
    });
    expect(screen.getByRole('heading', { level: 1, name: '#gündem' })).toBeTruthy();
    expect(document.title).toBe('#gündem / gündem');
    expect(await screen.findByText(/En yeni/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Daha fazla yükle' }));
    expect(await screen.findByText(/Daha eski/)).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/hashtags/g%C3%BCndem/posts', '/api/hashtags/g%C3%BCndem/posts?cursor=c1']);
    expect(screen.getByText('Hepsi bu kadar.')).toBeTruthy();
    // The tag in a post's text links back to this page.
    expect(screen.getAllByRole('link', { name: '#gündem' })[0].getAttribute('href')).toBe('/hashtag/gündem');
  });

  it('shows a spinner while loading, then the empty state', async () => {
    const held = deferred<MockReply>();
    renderHashtag('/hashtag/sessiz', { 'GET /api/hashtags/sessiz/posts': () => held.promise });
    expect(await screen.findByRole('status', { name: 'Yükleniyor…' })).toBeTruthy();
    await act(async () => held.resolve({ body: page([]) }));
    expect(await screen.findByRole('heading', { name: '#sessiz etiketli gönderi yok' })).toBeTruthy();
  });

  it('shows an error banner when the call fails, and a retry fetches again', async () => {
    let fail = true;
    renderHashtag('/hashtag/bozuk', {
      'GET /api/hashtags/bozuk/posts': () => (fail ? { status: 500, body: { message: 'Hata' } } : { body: page([makePost({ content: 'Geldi #bozuk' })]) }),
    });
    expect(await screen.findByText('Etiketin gönderileri yüklenemedi', undefined, { timeout: 5000 })).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Tekrar dene/ }));
    expect(await screen.findByText(/Geldi/)).toBeTruthy();
  });

  it('sends the bearer for a member (the server leaves out what they block or mute)', async () => {
    const { calls } = renderHashtag('/hashtag/kahve', { 'GET /api/hashtags/kahve/posts': { body: page([]) } }, member);
    await screen.findByRole('heading', { name: '#kahve etiketli gönderi yok' });
    expect(calls.find((call) => call.url.startsWith('/api/hashtags/'))?.headers.Authorization).toBe('Bearer tok-test');
    expect(currentLocation()).toBe('/hashtag/kahve');
  });
});
