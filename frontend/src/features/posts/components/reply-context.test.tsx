import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePost, makeReply } from '../../../test/fixtures';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { PostCard } from './post-card';

function card() {
  return screen.getByTestId('post-card');
}

describe('the reply context line ("yanıt olarak @kullanıcı")', () => {
  it('shows above a reply’s text: the words open the original, the name its author’s profile', async () => {
    const reply = makeReply({ id: 'p-orijinal', username: 'ayse' }, { content: 'Katılıyorum' });
    renderWithProviders(<PostCard post={reply} />, { path: '/' });
    const line = within(card()).getByText('yanıt olarak').closest('p')!;
    expect(line.textContent).toBe('yanıt olarak @ayse');
    // Above the text, below the byline.
    expect(line.compareDocumentPosition(within(card()).getByText('Katılıyorum')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(line).getByRole('link', { name: '@ayse' }).getAttribute('href')).toBe('/profile/ayse');
    await userEvent.click(within(line).getByRole('link', { name: 'yanıt olarak' }));
    expect(currentLocation()).toBe('/post/p-orijinal');
  });

  it('names nobody when the original cannot be shown', () => {
    const reply = makePost({ isReply: true, replyToId: 'p-gizli', replyTo: null });
    renderWithProviders(<PostCard post={reply} />);
    expect(within(card()).getByText('Gösterilemeyen bir gönderiye yanıt')).toBeTruthy();
    expect(within(card()).queryByText('yanıt olarak')).toBeNull();
    expect(within(card()).queryByRole('link', { name: /^@/ })).toBeNull();
  });

  it('is absent on a post that is not a reply (and from a server that does not send it)', () => {
    renderWithProviders(
      <>
        <PostCard post={makePost({ content: 'Tek başına' })} />
        <PostCard post={makePost({ isReply: true, replyToId: 'p-eski' })} />
      </>,
    );
    expect(screen.getAllByTestId('post-card')).toHaveLength(2);
    expect(screen.queryByText('yanıt olarak')).toBeNull();
    expect(screen.queryByText('Gösterilemeyen bir gönderiye yanıt')).toBeNull();
  });
});
