import type { InfiniteData } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router-dom';
import { profileQueryKey } from '../../../lib/profile-key';
import type { Post, PostsPage, User } from '../../../lib/types';
import { makePost, page } from '../../../test/fixtures';
import { showToast } from '../../../lib/toast';
import { createTestQueryClient, currentLocation, member, renderWithProviders } from '../../../test/render';
import { postQueryKey, type PostThreadPage } from '../api/get-post';
import { userPostsQueryKey } from '../api/post-cache';
import { PostDetail } from './post-detail';
import { TimelineFeed } from './timeline-feed';
import { UserPosts } from './user-posts';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));
beforeEach(() => vi.mocked(showToast).mockClear());

const viewer = 'u-ayse';
const mine = (overrides: Partial<Post> = {}) =>
  makePost({ author: { _id: member._id, username: member.username, displayName: member.displayName }, ...overrides });

function cardOf(text: string): HTMLElement {
  return screen.getByText(text).closest('article')!;
}

const menuButton = (card: HTMLElement) => within(card).findByRole('button', { name: 'Daha fazla' });

describe('PostMenu — who sees it', () => {
  const actionRow = (card: HTMLElement) => within(card).getByRole('group', { name: 'Gönderi işlemleri' });
  // The menu's items come with its chunk, on the first click.
  const itemNames = async () =>
    within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);

  it('is on every post, in the card’s corner: the action row has the same columns on one’s own posts and others’', async () => {
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': {
          body: page([mine({ _id: 'p1', content: 'benim gönderim' }), makePost({ _id: 'p2', content: 'mehmetin gönderisi' })]),
        },
      },
    });
    await screen.findByText('benim gönderim');
    const own = cardOf('benim gönderim');
    const other = cardOf('mehmetin gönderisi');
    expect(actionRow(own).children).toHaveLength(actionRow(other).children.length);
    expect(actionRow(own).children).toHaveLength(5);
    for (const card of [own, other]) {
      const button = await menuButton(card);
      expect(button.getAttribute('aria-haspopup')).toBe('menu');
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(actionRow(card).contains(button)).toBe(false);
    }

    await userEvent.click(await menuButton(own));
    expect(await itemNames()).toEqual(['Sil', 'Düzenle', 'Profile sabitle', 'Alıntılanmayı kapat', 'Bağlantıyı kopyala', 'Yer işaretlerine ekle']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(await menuButton(other));
    expect(await itemNames()).toEqual(['Bağlantıyı kopyala', 'Yer işaretlerine ekle', '@mehmet kullanıcısını sessize al', '@mehmet kullanıcısını engelle', 'Bildir']);
  });

  it('Yer işaretlerine ekle and kaldır (issue 27): the state is asked as the menu opens, the change is a PUT or DELETE with a toast', async () => {
    let bookmarked = false;
    const { calls } = renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([makePost({ _id: 'p2', content: 'sonra okunacak' })]) },
        'GET /api/posts/p2/bookmark': () => ({ body: { bookmarked } }),
        'PUT /api/posts/p2/bookmark': () => {
          bookmarked = true;
          return { body: { bookmarked } };
        },
        'DELETE /api/posts/p2/bookmark': () => {
          bookmarked = false;
          return { body: { bookmarked } };
        },
      },
    });
    await screen.findByText('sonra okunacak');
    await userEvent.click(await menuButton(cardOf('sonra okunacak')));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Yer işaretlerine ekle' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Yer işaretlerine eklendi'));
    expect(calls.filter((c) => c.url.endsWith('/api/posts/p2/bookmark')).map((c) => c.method)).toEqual(['GET', 'PUT']);
    // Open again: the menu knows it is bookmarked, and takes it out.
    await userEvent.click(await menuButton(cardOf('sonra okunacak')));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Yer işaretlerinden kaldır' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Yer işaretlerinden kaldırıldı'));
    expect(bookmarked).toBe(false);
  });

  it('Profile sabitle and Sabitlemeyi kaldır (issue 27): a PUT or DELETE with a toast; the profile reads its list again, the pinned post first under Sabitlenmiş', async () => {
    // The server's state: which of the member's posts is pinned (the profile lists it first).
    let pinnedId: string | null = 'p-eski';
    const posts = () => {
      const all = [mine({ _id: 'p-yeni', content: 'yeni gönderim' }), mine({ _id: 'p-eski', content: 'eski gönderim' })];
      const pinned = all.filter((p) => p._id === pinnedId).map((p) => ({ ...p, isPinned: true }));
      return [...pinned, ...all.filter((p) => p._id !== pinnedId)];
    };
    const { calls } = renderWithProviders(<UserPosts username="ayse" />, {
      user: member,
      fetch: {
        'GET /api/posts/user/ayse': () => ({ body: page(posts()) }),
        'PUT /api/posts/p-yeni/pin': () => {
          pinnedId = 'p-yeni';
          return { body: { pinned: true } };
        },
        'DELETE /api/posts/p-yeni/pin': () => {
          pinnedId = null;
          return { body: { pinned: false } };
        },
      },
    });
    const feed = await screen.findByRole('feed', { name: 'Gönderiler' });
    const order = () => within(feed).getAllByTestId('post-card').map((card) => card.querySelector('.post-card__content')?.textContent);
    const labelled = () => within(feed).getAllByTestId('pinned-label').map((label) => label.closest('article')?.querySelector('.post-card__content')?.textContent);
    expect(order()).toEqual(['eski gönderim', 'yeni gönderim']);
    expect(labelled()).toEqual(['eski gönderim']);

    await userEvent.click(await menuButton(cardOf('yeni gönderim')));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Profile sabitle' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Gönderiniz profilinize sabitlendi'));
    expect(calls.filter((c) => c.url.endsWith('/pin')).map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/posts/p-yeni/pin']);
    // The list is read again: the new pin first, under its label; the old one back in its place.
    await waitFor(() => expect(order()).toEqual(['yeni gönderim', 'eski gönderim']));
    expect(labelled()).toEqual(['yeni gönderim']);
    expect(calls.filter((c) => c.method === 'GET' && c.url === '/api/posts/user/ayse')).toHaveLength(2);

    // Its menu now offers to unpin it; the label goes.
    await userEvent.click(await menuButton(cardOf('yeni gönderim')));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sabitlemeyi kaldır' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Gönderinizin sabitlemesi kaldırıldı'));
    await waitFor(() => expect(within(feed).queryByTestId('pinned-label')).toBeNull());
    expect(pinnedId).toBeNull();
  });

  it('a pin from any list flips isPinned on every cached copy: the new post pinned, the member’s earlier pin not (one per member)', async () => {
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([mine({ _id: 'p7', content: 'şimdi sabitlenecek' }), mine({ _id: 'p8', content: 'önceki sabit', isPinned: true })]) },
        'PUT /api/posts/p7/pin': { body: { pinned: true } },
      },
    });
    await screen.findByText('önceki sabit');
    // The timeline shows no label: it is the profile's.
    expect(screen.queryByText('Sabitlenmiş')).toBeNull();
    await userEvent.click(await menuButton(cardOf('şimdi sabitlenecek')));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Profile sabitle' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Gönderiniz profilinize sabitlendi'));
    await userEvent.click(await menuButton(cardOf('önceki sabit')));
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Profile sabitle' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(await menuButton(cardOf('şimdi sabitlenecek')));
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sabitlemeyi kaldır' })).toBeTruthy();
  });

  it('offers no pin on another member’s post, and says why a pin failed (the server’s Turkish 403)', async () => {
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([mine({ _id: 'p5', content: 'sabitlenemeyen' }), makePost({ _id: 'p6', content: 'başkasının' })]) },
        'GET /api/posts/p6/bookmark': { body: { bookmarked: false } },
        'PUT /api/posts/p5/pin': { status: 403, body: { statusCode: 403, message: 'Yalnızca kendi gönderinizi sabitleyebilirsiniz.' } },
      },
    });
    await screen.findByText('başkasının');
    await userEvent.click(await menuButton(cardOf('başkasının')));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Profile sabitle' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Sabitlemeyi kaldır' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(await menuButton(cardOf('sabitlenemeyen')));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Profile sabitle' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Yalnızca kendi gönderinizi sabitleyebilirsiniz.', 'error'));
  });

  it('says so when a bookmark cannot be saved (the post is gone: the server’s Turkish 404)', async () => {
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([makePost({ _id: 'p3', content: 'az sonra silinecek' })]) },
        'GET /api/posts/p3/bookmark': { body: { bookmarked: false } },
        'PUT /api/posts/p3/bookmark': { status: 404, body: { statusCode: 404, message: 'Gönderi bulunamadı.' } },
      },
    });
    await screen.findByText('az sonra silinecek');
    await userEvent.click(await menuButton(cardOf('az sonra silinecek')));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Yer işaretlerine ekle' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Gönderi bulunamadı.', 'error'));
  });

  it('blocks another member’s author after the confirmation, with a toast, and reads the lists again', async () => {
    let blocked = false;
    const { calls } = renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': () => ({ body: page(blocked ? [] : [makePost({ _id: 'p2', content: 'mehmetin gönderisi' })]) }),
        'PUT /api/users/u-mehmet/block': () => {
          blocked = true;
          return { body: { blocking: true } };
        },
      },
    });
    await screen.findByText('mehmetin gönderisi');
    await userEvent.click(await menuButton(cardOf('mehmetin gönderisi')));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: '@mehmet kullanıcısını engelle' }));
    const dialog = await screen.findByRole('dialog', { name: '@mehmet engellensin mi?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Engelle' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/api/users/u-mehmet/block'))).toBe(true));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('@mehmet engellendi'));
    await waitFor(() => expect(screen.queryByText('mehmetin gönderisi')).toBeNull());
  });

  it('Bildir opens the report dialog: a category, up to 5 of the author’s posts, a comment, then thanks', async () => {
    const author = { _id: 'u-mehmet', username: 'mehmet', displayName: 'Mehmet' };
    const others = Array.from({ length: 7 }, (_, i) => makePost({ _id: `m${i}`, content: `eski gönderi ${i}`, author }));
    let sent: unknown;
    const view = renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([makePost({ _id: 'p2', content: 'kaba gönderi', author })]) },
        'GET /api/posts/user/mehmet': { body: page(others) },
        'POST /api/reports': (init) => {
          sent = JSON.parse(String(init?.body));
          return { status: 201, body: { message: 'Bildiriminiz için teşekkürler.', report: { id: 'r1', updated: false } } };
        },
      },
    });
    await screen.findByText('kaba gönderi');
    const user = userEvent.setup();
    await user.click(await menuButton(cardOf('kaba gönderi')));
    await user.click(await screen.findByRole('menuitem', { name: 'Bildir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gönderiyi bildir' });
    const submit = within(dialog).getByRole('button', { name: 'Bildir' });
    expect(submit).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('radio', { name: 'Taciz ya da nefret söylemi' }));
    const attach = within(dialog).getByRole('group', { name: '@mehmet kullanıcısının gönderilerinden ekleyin (en fazla 5)' });
    const boxes = await within(attach).findAllByRole('checkbox');
    expect(boxes).toHaveLength(7);
    for (const box of boxes.slice(0, 5)) await user.click(box);
    // A sixth cannot be ticked.
    expect(boxes[5]).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Açıklama (isteğe bağlı)' }), '  sürekli hakaret  ');
    await user.click(submit);
    const thanks = await screen.findByTestId('report-thanks');
    expect(sent).toEqual({ targetType: 'post', targetId: 'p2', category: 'harassment', comment: 'sürekli hakaret', postIds: ['m0', 'm1', 'm2', 'm3', 'm4'] });
    await user.click(within(thanks).getByRole('button', { name: 'Kapat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    view.unmount();
  });

  it('shows the server’s Turkish refusal in the report dialog', async () => {
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([makePost({ _id: 'p3', content: 'bir gönderi' })]) },
        'GET /api/posts/user/mehmet': { body: page([]) },
        'POST /api/reports': { status: 429, body: { message: 'Bir saatte en fazla 20 bildirim gönderebilirsiniz.', statusCode: 429 } },
      },
    });
    await screen.findByText('bir gönderi');
    const user = userEvent.setup();
    await user.click(await menuButton(cardOf('bir gönderi')));
    await user.click(await screen.findByRole('menuitem', { name: 'Bildir' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Eklenecek başka gönderi yok.')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Diğer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Bildir' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Bir saatte en fazla 20 bildirim gönderebilirsiniz.');
  });

  it('gives a guest Bağlantıyı kopyala only, even on a post by the same username', async () => {
    renderWithProviders(<TimelineFeed />, {
      fetch: { 'GET /api/posts/timeline': { body: page([mine({ _id: 'p1', content: 'ayşenin gönderisi' })]) } },
    });
    await screen.findByText('ayşenin gönderisi');
    await userEvent.click(await menuButton(cardOf('ayşenin gönderisi')));
    expect(await itemNames()).toEqual(['Bağlantıyı kopyala']);
  });

  it('Bağlantıyı kopyala puts the post’s absolute address on the clipboard and says so', async () => {
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: { 'GET /api/posts/timeline': { body: page([makePost({ _id: 'p2', content: 'paylaşılacak' })]) } },
    });
    await screen.findByText('paylaşılacak');
    // setup() gives the page user-event's stand-in for the clipboard.
    const user = userEvent.setup();
    const button = await menuButton(cardOf('paylaşılacak'));
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Bağlantıyı kopyala' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Bağlantı panoya kopyalandı'));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/post/p2`);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('says so when the clipboard refuses', async () => {
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: { 'GET /api/posts/timeline': { body: page([makePost({ _id: 'p2', content: 'kopyalanamayan' })]) } },
    });
    await screen.findByText('kopyalanamayan');
    const user = userEvent.setup();
    const refused = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('izin yok'));
    await user.click(await menuButton(cardOf('kopyalanamayan')));
    await user.click(await screen.findByRole('menuitem', { name: 'Bağlantıyı kopyala' }));
    expect(refused).toHaveBeenCalled();
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('Bağlantı kopyalanamadı. Lütfen tekrar deneyin.', 'error'),
    );
  });
});

describe('PostMenu — keyboard and focus', () => {
  it('opens with Sil focused; Escape closes it and gives the focus back to ⋯', async () => {
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: { 'GET /api/posts/timeline': { body: page([mine({ _id: 'p1', content: 'menü denemesi' })]) } },
    });
    await screen.findByText('menü denemesi');
    const button = await menuButton(cardOf('menü denemesi'));
    await userEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Gönderi işlemleri menüsü' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    const item = within(menu).getByRole('menuitem', { name: 'Sil' });
    expect(document.activeElement).toBe(item);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps the card’s arrow-key navigation: ⋯ is one of its controls, out of the Tab order', async () => {
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: { 'GET /api/posts/timeline': { body: page([mine({ _id: 'p1', content: 'ok tuşları' })]) } },
    });
    await screen.findByText('ok tuşları');
    const card = cardOf('ok tuşları');
    const button = await menuButton(card);
    expect(button.tabIndex).toBe(-1);

    card.focus();
    // The last control of the card, reached with ← from the card.
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(button);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Sil' }));
    // Arrow keys inside the open menu stay in it: the card does not move on.
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Sil' }));
    // Escape closes the menu only (focus back on ⋯), a second Escape goes back to the card.
    await userEvent.keyboard('{Escape}');
    expect(document.activeElement).toBe(button);
    await userEvent.keyboard('{Escape}');
    expect(document.activeElement).toBe(card);
    // → from the card still starts at its first control.
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).not.toBe(card);
    expect(document.activeElement).not.toBe(button);
  });

  it('closes when the focus or a click goes elsewhere', async () => {
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: { 'GET /api/posts/timeline': { body: page([mine({ _id: 'p1', content: 'dışarı tıkla' })]) } },
    });
    await screen.findByText('dışarı tıkla');
    await userEvent.click(await menuButton(cardOf('dışarı tıkla')));
    expect(screen.getByRole('menu')).toBeTruthy();
    await userEvent.click(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('PostMenu — deleting', () => {
  it('asks first: Vazgeç is focused and deletes nothing; the focus goes back to ⋯', async () => {
    const { calls } = renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: { 'GET /api/posts/timeline': { body: page([mine({ _id: 'p1', content: 'vazgeçilen' })]) } },
    });
    await screen.findByText('vazgeçilen');
    const button = await menuButton(cardOf('vazgeçilen'));
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sil' }));
    const dialog = screen.getByRole('dialog', { name: 'Gönderi silinsin mi?' });
    expect(within(dialog).getByText(/Bu işlem geri alınamaz\./)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Vazgeç' }));

    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(screen.getByText('vazgeçilen')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('on Sil: DELETE /api/posts/:id, then the post leaves the feed and every other cached list', async () => {
    const post = mine({ _id: 'p1', content: 'silinecek gönderi' });
    const other = makePost({ _id: 'p2', content: 'kalan gönderi' });
    const queryClient = createTestQueryClient();
    const list = (posts: Post[]): InfiniteData<PostsPage> => ({ pages: [page(posts)], pageParams: [undefined] });
    queryClient.setQueryData(userPostsQueryKey('ayse', viewer), list([post]));
    // Profiles in the cache: the viewer's own counts one post less afterwards, another's does not.
    queryClient.setQueryData(profileQueryKey(member.username, viewer), { ...member, postsCount: 5 });
    queryClient.setQueryData(profileQueryKey('mehmet', viewer), { _id: 'u-mehmet', username: 'mehmet', displayName: 'Mehmet', postsCount: 3 });
    const { calls } = renderWithProviders(<TimelineFeed />, {
      user: member,
      queryClient,
      fetch: {
        'GET /api/posts/timeline': { body: page([post, other]) },
        'DELETE /api/posts/p1': { body: { message: 'Gönderi silindi!' } },
      },
    });
    await screen.findByText('silinecek gönderi');
    await userEvent.click(await menuButton(cardOf('silinecek gönderi')));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sil' }));
    const dialog = screen.getByRole('dialog', { name: 'Gönderi silinsin mi?' });
    // A destructive answer, as in the back office: filled red, not the outlined danger button.
    expect(within(dialog).getByRole('button', { name: 'Sil' }).className).toContain('btn--destructive');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sil' }));

    await waitFor(() => expect(screen.queryByText('silinecek gönderi')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('kalan gönderi')).toBeTruthy();
    const remove = calls.find((call) => call.method === 'DELETE');
    expect(remove?.url).toBe('/api/posts/p1');
    expect(remove?.headers.Authorization).toBe('Bearer tok-test');
    expect(queryClient.getQueryData<InfiniteData<PostsPage>>(userPostsQueryKey('ayse', viewer))?.pages[0].posts).toEqual([]);
    expect(queryClient.getQueryData<User>(profileQueryKey(member.username, viewer))?.postsCount).toBe(4);
    expect(queryClient.getQueryData<User>(profileQueryKey('mehmet', viewer))?.postsCount).toBe(3);
  });

  it('shows the server’s Turkish error in the dialog and keeps the post', async () => {
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([mine({ _id: 'p1', content: 'silinemeyen' })]) },
        'DELETE /api/posts/p1': { status: 503, body: { message: 'Gönderi şu anda silinemedi. Lütfen tekrar deneyin.', statusCode: 503 } },
      },
    });
    await screen.findByText('silinemeyen');
    await userEvent.click(await menuButton(cardOf('silinemeyen')));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sil' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sil' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Gönderi şu anda silinemedi. Lütfen tekrar deneyin.');
    expect(screen.getByText('silinemeyen')).toBeTruthy();
    // The dialog stays open and answerable: Sil may be pressed again.
    expect((within(dialog).getByRole('button', { name: 'Sil' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the connection error when the server cannot be reached', async () => {
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([mine({ _id: 'p1', content: 'bağlantısız' })]) },
        'DELETE /api/posts/p1': { networkError: true },
      },
    });
    await screen.findByText('bağlantısız');
    await userEvent.click(await menuButton(cardOf('bağlantısız')));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sil' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sil' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Bağlantı hatası. Lütfen tekrar deneyin.');
  });

  it('reads a 404 as already deleted: the post goes', async () => {
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([mine({ _id: 'p1', content: 'zaten silinmiş' })]) },
        'DELETE /api/posts/p1': { status: 404, body: { message: 'Gönderi bulunamadı.', statusCode: 404 } },
      },
    });
    await screen.findByText('zaten silinmiş');
    await userEvent.click(await menuButton(cardOf('zaten silinmiş')));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sil' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(screen.queryByText('zaten silinmiş')).toBeNull());
  });

  it('a deleted reply leaves its original’s page and the original takes the server’s reply count', async () => {
    const original = makePost({ _id: 'p0', content: 'asıl gönderi', replyCount: 2 });
    const reply = mine({ _id: 'r1', content: 'yanıtım', isReply: true, replyToId: 'p0' });
    const thread: PostThreadPage = { post: original, replies: [reply], nextCursor: null };
    const queryClient = createTestQueryClient();
    renderWithProviders(<PostDetail postId="p0" />, {
      user: member,
      queryClient,
      fetch: {
        'GET /api/posts/p0': { body: thread },
        'DELETE /api/posts/r1': {
          body: { message: 'Gönderi silindi!', parent: { postId: 'p0', likeCount: 0, retweetCount: 0, replyCount: 1, version: 3 } },
        },
      },
    });
    await screen.findByText('yanıtım');
    await userEvent.click(await menuButton(cardOf('yanıtım')));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sil' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(screen.queryByText('yanıtım')).toBeNull());
    const cached = queryClient.getQueryData<InfiniteData<PostThreadPage>>(postQueryKey('p0', viewer));
    expect(cached?.pages[0].post).toMatchObject({ replyCount: 1, engagement: { replies: 1, version: 3 } });
    expect(within(cardOf('asıl gönderi')).getByTestId('reply-count').textContent).toBe('1');
  });

  it('on the post’s own page: after the delete it leaves the page with Gönderi silindi, not a “not found”', async () => {
    let deleted = false;
    renderWithProviders(<PostDetail postId="p1" />, {
      user: member,
      // Opened directly (no page of the app before it): home.
      path: '/post/p1',
      route: '/post/:id',
      fetch: {
        'GET /api/posts/p1': () =>
          deleted
            ? { status: 404, body: { message: 'Gönderi bulunamadı.', statusCode: 404 } }
            : { body: { post: mine({ _id: 'p1', content: 'sayfası açık gönderi' }), replies: [], nextCursor: null } },
        'DELETE /api/posts/p1': () => {
          deleted = true;
          return { body: { message: 'Gönderi silindi!' } };
        },
      },
    });
    await screen.findByText('sayfası açık gönderi');
    const button = await menuButton(cardOf('sayfası açık gönderi'));
    // The post page's card keeps its controls in the Tab order.
    expect(button.tabIndex).toBe(0);
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sil' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(showToast).toHaveBeenCalledWith('Gönderi silindi');
    expect(screen.queryByText('Gönderi bulunamadı')).toBeNull();
  });

  it('on the post’s own page opened from another page of the app: goes back there', async () => {
    function FromProfile() {
      const { pathname } = useLocation();
      return pathname === '/profile/ayse' ? <Link to="/post/p1">gönderiyi aç</Link> : <PostDetail postId="p1" />;
    }
    renderWithProviders(<FromProfile />, {
      user: member,
      path: '/profile/ayse',
      fetch: {
        'GET /api/posts/p1': { body: { post: mine({ _id: 'p1', content: 'geri dönülecek' }), replies: [], nextCursor: null } },
        'DELETE /api/posts/p1': { body: { message: 'Gönderi silindi!' } },
      },
    });
    await userEvent.click(await screen.findByRole('link', { name: 'gönderiyi aç' }));
    await userEvent.click(await menuButton(cardOf('geri dönülecek')));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sil' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(currentLocation()).toBe('/profile/ayse'));
    expect(showToast).toHaveBeenCalledWith('Gönderi silindi');
  });
});
