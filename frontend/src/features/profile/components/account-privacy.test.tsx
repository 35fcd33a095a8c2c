import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../../test/fixtures';
import { member, renderWithProviders } from '../../../test/render';
import { FollowListView } from './follow-list-view';
import { ProfileView } from './profile-view';

/** Issue 26 on the profile: who may message the member, and the lists a member hides. */
const zeynep = makeUser();

function renderProfile(user: object, path = '/profile/zeynep') {
  return renderWithProviders(
    <ProfileView username="zeynep" posts={<p>posts-slot</p>} replies={null} media={null} likes={<p>likes-slot</p>} />,
    { user: member, path, fetch: { 'GET /api/users/profile/zeynep': { body: { user: { ...zeynep, ...user } } } } },
  );
}

describe('the profile’s message button (allowMessages)', () => {
  it.each([
    ['nobody', 'Bu kişi mesaj almıyor.'],
    ['following', 'Bu kişi yalnızca takip ettiği hesaplardan mesaj alıyor.'],
    ['unavailable', 'Bu kullanıcıya mesaj gönderemezsiniz.'],
  ])('refused (%s): the button is disabled and the reason is said before anything is typed', async (refusal, text) => {
    renderProfile({ canMessage: false, messageRefusal: refusal });
    const button = await screen.findByRole('button', { name: 'Mesaj' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('link', { name: 'Mesaj' })).toBeNull();
    const reason = screen.getByTestId('message-refusal');
    expect(reason.textContent).toBe(text);
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
  });

  it('allowed: the button is the link to the conversation, and no reason is shown', async () => {
    renderProfile({ canMessage: true });
    expect(await screen.findByRole('link', { name: 'Mesaj' })).toBeTruthy();
    expect(screen.queryByTestId('message-refusal')).toBeNull();
  });
});

describe('a profile whose lists are hidden (publicProfile off)', () => {
  it('shows a notice in place of the likes, keeps the counts but not as links', async () => {
    const { calls } = renderProfile({ listsHidden: true }, '/profile/zeynep?tab=likes');
    expect(await screen.findByText('Bu hesabın listeleri gizli')).toBeTruthy();
    expect(screen.getByText('Bu hesap takipçi, takip ve beğeni listelerini yalnızca kendisine gösteriyor.')).toBeTruthy();
    expect(screen.queryByText('likes-slot')).toBeNull();
    expect(screen.getByTestId('followers-count').textContent).toBe('1.5M');
    expect(screen.queryByRole('link', { name: /Takipçi/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Takip edilen/ })).toBeNull();
    // The other tabs are the member's posts as ever.
    await userEvent.click(screen.getByRole('tab', { name: 'Gönderiler' }));
    expect(screen.getByText('posts-slot')).toBeTruthy();
    // Nothing asked for a list the server would refuse.
    expect(calls.filter((call) => /followers|following|likes/.test(call.url))).toEqual([]);
  });

  it('a list opened by its URL says it is hidden on the server’s 403 (not an error to retry)', async () => {
    renderWithProviders(<FollowListView username="zeynep" kind="followers" />, {
      user: member,
      path: '/profile/zeynep/followers',
      fetch: {
        'GET /api/users/profile/zeynep': { body: { user: { ...zeynep, listsHidden: true } } },
        'GET /api/users/profile/zeynep/followers': {
          status: 403,
          body: { statusCode: 403, message: 'Bu hesap takipçi, takip ve beğeni listelerini gizliyor.', listsHidden: true },
        },
      },
    });
    expect(await screen.findByText('Bu hesabın listeleri gizli')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tekrar dene' })).toBeNull();
  });
});
