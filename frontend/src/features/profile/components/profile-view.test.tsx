import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockReply } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { currentLocation, deferred, member, renderWithProviders } from '../../../test/render';
import { ProfileView } from './profile-view';

const zeynep = makeUser();

interface ProfileOptions {
  user?: typeof member;
  fetch?: Record<string, MockReply | (() => Promise<MockReply>)>;
  path?: string;
}

function renderProfile(username: string, options: ProfileOptions = {}) {
  return renderWithProviders(
    <ProfileView
      username={username}
      posts={<p>posts-slot</p>}
      replies={<p>replies-slot</p>}
      media={<p>media-slot</p>}
      likes={<p>likes-slot</p>}
    />,
    { user: options.user, fetch: options.fetch, path: options.path },
  );
}

function followersCount() {
  return screen.getByTestId('followers-count').textContent;
}

describe('ProfileView', () => {
  it("shows the member's details, counts and join date", async () => {
    const { calls } = renderProfile('zeynep', {
      fetch: { 'GET /api/users/profile/zeynep': { body: { user: zeynep } } },
    });
    expect(screen.getByRole('status', { name: 'Yükleniyor…' })).toBeTruthy();
    const name = await screen.findByRole('heading', { level: 2, name: /Zeynep Kaya/ });
    expect(within(name).getByRole('img', { name: 'Onaylı hesap' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Zeynep Kaya' })).toBeTruthy();
    expect(screen.getByText('42 gönderi')).toBeTruthy();
    expect(screen.getByTestId('profile-cover')).toBeTruthy();
    expect(screen.getAllByTestId('avatar')[0].textContent).toBe('Z');
    expect(screen.getByText('@zeynep')).toBeTruthy();
    expect(screen.getByText('Kahve, kitap ve kod.')).toBeTruthy();
    expect(screen.getByText('İstanbul')).toBeTruthy();
    const website = screen.getByRole('link', { name: 'zeynep.dev' });
    expect(website.getAttribute('href')).toBe('https://zeynep.dev/');
    expect(website.getAttribute('target')).toBe('_blank');
    expect(website.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(screen.getByText('Kasım 2026 tarihinde katıldı')).toBeTruthy();
    expect(screen.getByTestId('following-count').textContent).toBe('1.2K');
    expect(followersCount()).toBe('1.5M');
    expect(screen.getByText('posts-slot')).toBeTruthy();
    expect(calls[0].url).toBe('/api/users/profile/zeynep');
  });

  it("shows the member's header in the cover and their picture as the avatar", async () => {
    renderProfile('zeynep', {
      fetch: {
        'GET /api/users/profile/zeynep': {
          body: { user: { ...zeynep, profileImage: '/media/ab/avatar.webp', coverImage: '/media/cd/kapak.webp' } },
        },
      },
    });
    await screen.findByRole('heading', { level: 2, name: /Zeynep Kaya/ });
    expect(screen.getByTestId('profile-cover').querySelector('img')!.getAttribute('src')).toBe('/media/cd/kapak.webp');
    expect(screen.getAllByTestId('avatar')[0].querySelector('img')!.getAttribute('src')).toBe('/media/ab/avatar.webp');
  });

  it('has four tabs, each with its list; the selected one is kept in the URL', async () => {
    renderProfile('zeynep', {
      path: '/profile/zeynep',
      fetch: { 'GET /api/users/profile/zeynep': { body: { user: zeynep } } },
    });
    const tabs = await screen.findByRole('tablist', { name: 'Profil sekmeleri' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Gönderiler',
      'Yanıtlar',
      'Medya',
      'Beğeniler',
    ]);
    const panel = () => screen.getByRole('tabpanel');
    expect(panel().textContent).toBe('posts-slot');
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Beğeniler' }));
    expect(panel().textContent).toBe('likes-slot');
    expect(within(tabs).getByRole('tab', { name: 'Beğeniler' }).getAttribute('aria-selected')).toBe('true');
    expect(currentLocation()).toBe('/profile/zeynep?tab=likes');
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Yanıtlar' }));
    expect(panel().textContent).toBe('replies-slot');
    expect(currentLocation()).toBe('/profile/zeynep?tab=replies');
    // Medya: the member's posts with pictures (issue 24), no longer the SPEC's placeholder.
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Medya' }));
    expect(panel().textContent).toBe('media-slot');
    expect(currentLocation()).toBe('/profile/zeynep?tab=media');
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Gönderiler' }));
    expect(panel().textContent).toBe('posts-slot');
    expect(currentLocation()).toBe('/profile/zeynep');
  });

  it('opens on the tab the URL names (a reload or the way back)', async () => {
    renderProfile('zeynep', {
      path: '/profile/zeynep?tab=replies',
      fetch: { 'GET /api/users/profile/zeynep': { body: { user: zeynep } } },
    });
    const tabs = await screen.findByRole('tablist', { name: 'Profil sekmeleri' });
    expect(within(tabs).getByRole('tab', { name: 'Yanıtlar' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('replies-slot');
  });

  it('falls back to the posts tab for a tab it does not know', async () => {
    renderProfile('zeynep', {
      path: '/profile/zeynep?tab=bilinmeyen',
      fetch: { 'GET /api/users/profile/zeynep': { body: { user: zeynep } } },
    });
    await screen.findByRole('tablist', { name: 'Profil sekmeleri' });
    expect(screen.getByRole('tabpanel').textContent).toBe('posts-slot');
  });

  it('says "Kullanıcı bulunamadı" for an unknown username', async () => {
    renderProfile('yok', {
      fetch: {
        'GET /api/users/profile/yok': {
          status: 404,
          body: { message: 'Kullanıcı bulunamadı', statusCode: 404 },
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Kullanıcı bulunamadı' })).toBeTruthy();
    expect(screen.queryByText('posts-slot')).toBeNull();
  });

  it('offers a retry when loading fails', async () => {
    let reply: MockReply = { networkError: true };
    renderProfile('zeynep', {
      fetch: { 'GET /api/users/profile/zeynep': async () => reply },
    });
    expect(await screen.findByRole('heading', { name: 'Profil yüklenemedi' })).toBeTruthy();
    reply = { body: { user: zeynep } };
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Kasım 2026 tarihinde katıldı')).toBeTruthy();
  });

  it('follows optimistically and takes the count from the server', async () => {
    const held = deferred<MockReply>();
    const { calls } = renderProfile('zeynep', {
      user: member,
      fetch: {
        'GET /api/users/profile/zeynep': {
          body: { user: makeUser({ followersCount: 999, isFollowing: false }) },
        },
        'PUT /api/users/u-zeynep/follow': () => held.promise,
      },
    });
    const button = await screen.findByRole('button', { name: 'Takip et' });
    expect(followersCount()).toBe('999');
    await userEvent.click(button);
    expect(button.textContent).toBe('Takip ediliyor');
    expect(followersCount()).toBe('1.0K');
    await act(async () => held.resolve({ body: { isFollowing: true, followersCount: 1005 } }));
    expect(followersCount()).toBe('1.0K');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe('/api/users/u-zeynep/follow');
  });

  it('reverts the follow when the call fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const held = deferred<MockReply>();
    renderProfile('zeynep', {
      user: member,
      fetch: {
        'GET /api/users/profile/zeynep': {
          body: { user: makeUser({ followersCount: 10, isFollowing: true }) },
        },
        'DELETE /api/users/u-zeynep/follow': () => held.promise,
      },
    });
    const button = await screen.findByRole('button', { name: 'Takip ediliyor' });
    await userEvent.click(button);
    expect(button.textContent).toBe('Takip et');
    expect(followersCount()).toBe('9');
    await act(async () => held.resolve({ status: 500, body: {} }));
    await waitFor(() => expect(button.textContent).toBe('Takip ediliyor'));
    expect(followersCount()).toBe('10');
    expect(error).toHaveBeenCalled();
  });

  it('asks a guest to log in instead of following', async () => {
    const { calls } = renderProfile('zeynep', {
      fetch: { 'GET /api/users/profile/zeynep': { body: { user: zeynep } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Takip et' }));
    expect(screen.getByRole('dialog', { name: 'Giriş Yap' })).toBeTruthy();
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
  });

  it('offers a member a "Mesaj" button that opens the conversation', async () => {
    renderProfile('zeynep', {
      user: member,
      fetch: { 'GET /api/users/profile/zeynep': { body: { user: zeynep } } },
    });
    const link = await screen.findByRole('link', { name: 'Mesaj' });
    await userEvent.click(link);
    expect(currentLocation()).toBe('/messages?user=zeynep');
  });

  it('shows no "Mesaj" button to a guest', async () => {
    renderProfile('zeynep', {
      fetch: { 'GET /api/users/profile/zeynep': { body: { user: zeynep } } },
    });
    await screen.findByRole('button', { name: 'Takip et' });
    expect(screen.queryByRole('link', { name: 'Mesaj' })).toBeNull();
    expect(screen.queryByRole('button', { name: '@zeynep hesabını bildir' })).toBeNull();
  });

  it('lets a member report the account (Bildir): the report names the account, then thanks', async () => {
    const { calls } = renderProfile('zeynep', {
      user: member,
      fetch: {
        'GET /api/users/profile/zeynep': { body: { user: zeynep } },
        'GET /api/posts/user/zeynep': { body: { posts: [], nextCursor: null } },
        'POST /api/reports': { status: 201, body: { message: 'Teşekkürler', report: { id: 'r1', updated: false } } },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: '@zeynep hesabını bildir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hesabı bildir' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Diğer' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Açıklama (isteğe bağlı)' }), 'sahte hesap');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bildir' }));
    expect(await screen.findByTestId('report-thanks')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/reports')?.body).toEqual({ targetType: 'account', targetId: zeynep._id, category: 'other', comment: 'sahte hesap' });
  });
});

describe('ProfileView — the website', () => {
  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,x'],
    ['https://kullanici:sifre@ornek.com'],
    ['ornek.com'],
  ])('shows %j as text, never as a link', async (website) => {
    renderProfile('zeynep', { fetch: { 'GET /api/users/profile/zeynep': { body: { user: { ...zeynep, website } } } } });
    expect(await screen.findByText(website)).toBeTruthy();
    expect(screen.queryByRole('link', { name: new RegExp(website.slice(0, 6)) })).toBeNull();
    expect(document.querySelector('a[href^="javascript"], a[href^="data"]')).toBeNull();
  });

  it('links an http address, shown without its scheme and www.', async () => {
    renderProfile('zeynep', { fetch: { 'GET /api/users/profile/zeynep': { body: { user: { ...zeynep, website: 'http://www.ornek.com.tr/sayfa' } } } } });
    const link = await screen.findByRole('link', { name: 'ornek.com.tr/sayfa' });
    expect(link.getAttribute('href')).toBe('http://www.ornek.com.tr/sayfa');
  });
});

describe('ProfileView — own profile', () => {
  const own = makeUser({
    _id: 'u-ayse',
    id: 'u-ayse',
    username: 'ayse',
    displayName: 'Ayşe Yılmaz',
    bio: 'Eski biyografi',
  });

  async function renderOwn() {
    const view = renderProfile('ayse', {
      user: { ...member, bio: 'Eski biyografi' },
      fetch: { 'GET /api/users/profile/ayse': { body: { user: own } } },
    });
    await screen.findByText('Eski biyografi');
    return view;
  }

  it('has no follow button but `Profili düzenle`', async () => {
    await renderOwn();
    expect(screen.queryByRole('button', { name: 'Takip et' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Mesaj' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Profili düzenle' })).toBeTruthy();
  });
});
