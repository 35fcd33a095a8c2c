import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePost, page } from '../../../test/fixtures';
import { member, renderWithProviders } from '../../../test/render';
import { ComposeBox } from './compose-box';
import { HomeTimeline } from './home-timeline';

function textarea() {
  return screen.getByRole('textbox', { name: 'Gönderi metni' }) as HTMLTextAreaElement;
}

function submitButton() {
  return screen.getByRole('button', { name: /^(Gönder|Gönderiliyor…)$/ }) as HTMLButtonElement;
}

function remaining() {
  return screen.getByTestId('char-remaining').textContent;
}

function counterState() {
  return screen.getByTestId('char-counter').getAttribute('data-state');
}

async function renderCompose() {
  const view = renderWithProviders(<ComposeBox />, { user: member });
  await screen.findByRole('textbox', { name: 'Gönderi metni' });
  return view;
}

describe('ComposeBox — counter and limits', () => {
  it('shows the characters left and warns above 260', async () => {
    await renderCompose();
    expect(remaining()).toBe('280');
    expect(counterState()).toBe('normal');

    await userEvent.type(textarea(), 'Merhaba');
    expect(remaining()).toBe('273');

    fireEvent.change(textarea(), { target: { value: 'a'.repeat(260) } });
    expect(remaining()).toBe('20');
    expect(counterState()).toBe('normal');

    fireEvent.change(textarea(), { target: { value: 'a'.repeat(261) } });
    expect(remaining()).toBe('19');
    expect(counterState()).toBe('warning');
    expect(screen.getByTestId('char-counter').className).toContain('counter-ring--warning');
    expect(screen.getByText('Kalan karakter: 19')).toBeTruthy();
  });

  it('keeps a pasted text past 280 whole: the count goes negative and the button waits', async () => {
    await renderCompose();
    const user = userEvent.setup();
    await user.click(textarea());
    await user.paste('b'.repeat(292));
    // Nothing is cut: the whole text stays for the writer to shorten.
    expect(textarea().value).toHaveLength(292);
    expect(remaining()).toBe('-12');
    expect(counterState()).toBe('over');
    expect(screen.getByTestId('char-counter').className).toContain('counter-ring--over');
    expect(screen.getByText('Kalan karakter: -12')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);

    // Back under the limit (exactly 280), the button is enabled again.
    for (let i = 0; i < 12; i++) await user.keyboard('{Backspace}');
    expect(textarea().value).toHaveLength(280);
    expect(remaining()).toBe('0');
    expect(submitButton().disabled).toBe(false);
  });

  it('disables submit while the text is empty, blank or too long', async () => {
    await renderCompose();
    expect(submitButton().disabled).toBe(true);

    fireEvent.change(textarea(), { target: { value: '   \n\t ' } });
    expect(submitButton().disabled).toBe(true);

    fireEvent.change(textarea(), { target: { value: '  selam  ' } });
    expect(submitButton().disabled).toBe(false);

    // Pasted past the limit (maxLength does not stop a script).
    fireEvent.change(textarea(), { target: { value: 'c'.repeat(281) } });
    expect(submitButton().disabled).toBe(true);
    expect(counterState()).toBe('over');
  });

  it('grows with the content up to 200 px, then scrolls', async () => {
    await renderCompose();
    const box = textarea();
    let scrollHeight = 80;
    Object.defineProperty(box, 'scrollHeight', { configurable: true, get: () => scrollHeight });
    fireEvent.change(box, { target: { value: 'bir\niki' } });
    expect(box.style.height).toBe('80px');
    expect(box.style.overflowY).toBe('hidden');

    scrollHeight = 460;
    fireEvent.change(box, { target: { value: 'bir\niki\nüç\ndört\nbeş\naltı\nyedi\nsekiz' } });
    expect(box.style.height).toBe('200px');
    expect(box.style.overflowY).toBe('auto');
  });
});

describe('ComposeBox — sending', () => {
  it('disables submit while sending, then prepends the post and clears the text', async () => {
    const older = makePost({ _id: 'older', content: 'Daha eski bir gönderi' });
    const created = makePost({
      _id: 'new-1',
      content: 'Yeni gönderim',
      author: { _id: 'u-ayse', username: 'ayse', displayName: 'Ayşe Yılmaz' },
      createdAt: new Date().toISOString(),
    });
    let answerPost: () => void = () => undefined;
    const { calls } = renderWithProviders(<HomeTimeline />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([older]) },
        'POST /api/posts': () => ({ status: 201, body: { post: created } }),
      },
    });
    await screen.findByText('Daha eski bir gönderi');

    // Hold the POST until the test lets it through.
    const realFetch = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          await new Promise<void>((resolve) => (answerPost = resolve));
        }
        return realFetch(input, init);
      }),
    );

    await userEvent.type(textarea(), '  Yeni gönderim  ');
    await userEvent.click(submitButton());
    expect(submitButton().textContent).toBe('Gönderiliyor…');
    expect(submitButton().disabled).toBe(true);

    await act(async () => answerPost());
    await screen.findByText('Yeni gönderim');

    const cards = screen.getAllByTestId('post-card');
    expect(cards[0].getAttribute('data-post-id')).toBe('new-1');
    expect(cards[1].getAttribute('data-post-id')).toBe('older');
    expect(textarea().value).toBe('');
    expect(submitButton().textContent).toBe('Gönder');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/posts');
    expect(post?.body).toEqual({ content: 'Yeni gönderim' });
    expect(post?.headers.Authorization).toBe('Bearer tok-test');
  });

  it("shows the server's message and keeps the text", async () => {
    renderWithProviders(<ComposeBox />, {
      user: member,
      fetch: {
        'POST /api/posts': {
          status: 400,
          body: { message: 'Gönderi 280 karakterden uzun olamaz', statusCode: 400 },
        },
      },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Gönderi metni' }), 'Deneme');
    await userEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Gönderi 280 karakterden uzun olamaz',
    );
    expect(textarea().value).toBe('Deneme');
  });

  it('falls back to "Post oluşturulamadı" without a server message', async () => {
    renderWithProviders(<ComposeBox />, {
      user: member,
      fetch: { 'POST /api/posts': { status: 500, body: {} } },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Gönderi metni' }), 'Deneme');
    await userEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Post oluşturulamadı');
  });

  it('shows the connection error when the network fails, and clears it on typing', async () => {
    renderWithProviders(<ComposeBox />, {
      user: member,
      fetch: { 'POST /api/posts': { networkError: true } },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Gönderi metni' }), 'Deneme');
    await userEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Bağlantı hatası. Lütfen tekrar deneyin.',
    );
    expect(submitButton().disabled).toBe(false);
    await userEvent.type(textarea(), '!');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('HomeTimeline — guests', () => {
  it('shows a guest a login prompt instead of the compose box; it opens the dialog', async () => {
    const { calls } = renderWithProviders(<HomeTimeline />, {
      fetch: { 'GET /api/posts/timeline': { body: page([]) } },
    });
    expect(screen.queryByRole('textbox', { name: 'Gönderi metni' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Neler oluyor?' }));
    const dialog = screen.getByRole('dialog', { name: 'Giriş Yap' });
    expect(within(dialog).getByLabelText('E-posta')).toBeTruthy();
    // A guest's timeline request carries no bearer.
    expect(calls[0].headers.Authorization).toBeUndefined();
  });
});
