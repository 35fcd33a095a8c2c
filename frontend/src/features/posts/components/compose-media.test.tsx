import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEDIA_ALT_MAX_LENGTH } from '@gundem/contract';
import { installFakeXhr } from '../../../test/fake-xhr';
import { makeMedia, makePost, page } from '../../../test/fixtures';
import { member, renderWithProviders } from '../../../test/render';
import { ComposeBox } from './compose-box';
import { HomeTimeline } from './home-timeline';

const created: string[] = [];
const revoked: string[] = [];

beforeEach(() => {
  created.length = 0;
  revoked.length = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (file: File) => {
      const url = `blob:test/${file.name}`;
      created.push(url);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: (url: string) => revoked.push(url) });
});

const png = (name: string) => new File(['png'], name, { type: 'image/png' });
const submitButton = () => screen.getByRole('button', { name: /^(Gönder|Gönderiliyor…)$/ }) as HTMLButtonElement;
const attachments = () => screen.queryAllByTestId('attachment');
const fileInput = () => screen.getByTestId('media-input') as HTMLInputElement;

async function renderCompose(fetch = {}) {
  const xhr = installFakeXhr();
  const view = renderWithProviders(<ComposeBox />, { user: member, fetch });
  await screen.findByRole('textbox', { name: 'Gönderi metni' });
  return { ...view, ...xhr };
}

async function pick(...files: File[]) {
  await userEvent.upload(fileInput(), files);
}

describe('ComposeBox — adding images', () => {
  it('has a labelled picker that takes the accepted types', async () => {
    await renderCompose();
    expect(screen.getByRole('button', { name: 'Görsel ekle' })).toBeTruthy();
    expect(fileInput().accept).toBe('image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic');
    expect(fileInput().multiple).toBe(true);
    // No sensitive switch without images.
    expect(screen.queryByRole('switch', { name: 'Hassas içerik' })).toBeNull();
  });

  it('shows a thumbnail and a progress bar per picked file, and waits for the uploads to post', async () => {
    const { requests } = await renderCompose();
    await pick(png('bir.png'), png('iki.png'));

    await waitFor(() => expect(attachments()).toHaveLength(2));
    expect(within(attachments()[0]).getByRole('img').getAttribute('src')).toBe('blob:test/bir.png');
    await waitFor(() => expect(requests).toHaveLength(2));
    expect((requests[1].body as FormData).get('file')).toMatchObject({ name: 'iki.png' });

    act(() => requests[0].progress(40, 100));
    const bar = within(attachments()[0]).getByRole('progressbar');
    expect(bar.getAttribute('value')).toBe('40');
    expect(bar.getAttribute('aria-label')).toBe('Yükleniyor: %40');

    // No text and uploads in flight: the button waits, and says why.
    expect(submitButton().disabled).toBe(true);
    const why = screen.getByText('Görseller yükleniyor…');
    expect(why.getAttribute('role')).toBe('status');
    expect(submitButton().getAttribute('aria-describedby')).toBe(why.id);

    act(() => requests[0].respond(201, makeMedia({ id: 'm-1' })));
    await waitFor(() => expect(within(attachments()[0]).queryByRole('progressbar')).toBeNull());
    expect(submitButton().disabled).toBe(true);
    act(() => requests[1].respond(201, makeMedia({ id: 'm-2' })));
    // Images and no text: the post can go.
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(screen.queryByText('Görseller yükleniyor…')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Hassas içerik' })).toBeTruthy();
  });

  it('adds files dropped on the box and pasted into the text', async () => {
    const { requests } = await renderCompose();
    const form = screen.getByRole('form', { name: 'Gönderi metni' });
    fireEvent.dragOver(form, { dataTransfer: { types: ['Files'], files: [] } });
    expect(form.className).toContain('compose--drop');
    fireEvent.drop(form, { dataTransfer: { types: ['Files'], files: [png('surukle.png'), new File(['x'], 'not.txt', { type: 'text/plain' })] } });
    await waitFor(() => expect(attachments()).toHaveLength(1));
    expect(form.className).not.toContain('compose--drop');

    fireEvent.paste(screen.getByRole('textbox', { name: 'Gönderi metni' }), { clipboardData: { files: [png('yapistir.png')] } });
    await waitFor(() => expect(attachments()).toHaveLength(2));
    expect(within(attachments()[1]).getByRole('img').getAttribute('src')).toBe('blob:test/yapistir.png');
    await waitFor(() => expect(requests).toHaveLength(2));
  });

  it('takes at most four and says so beyond', async () => {
    await renderCompose();
    await pick(png('1.png'), png('2.png'), png('3.png'));
    await waitFor(() => expect(attachments()).toHaveLength(3));
    expect(screen.queryByText('Bir gönderiye en fazla 4 görsel ekleyebilirsiniz.')).toBeNull();

    await pick(png('4.png'), png('5.png'));
    await waitFor(() => expect(attachments()).toHaveLength(4));
    expect(screen.getByText('Bir gönderiye en fazla 4 görsel ekleyebilirsiniz.')).toBeTruthy();
    expect(created).not.toContain('blob:test/5.png');
  });
});

describe('ComposeBox — the server’s limits (GET /api/media/limits)', () => {
  const limits = (maxImagesPerPost: number, maxFileSize: number) => ({
    'GET /api/media/limits': { body: { maxImagesPerPost, maxFileSize } },
  });
  /** A file of `bytes` bytes (only its size matters to the check). */
  const sized = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

  it('reads them once for the box and takes at most the site’s maxImagesPerPost', async () => {
    const { calls } = await renderCompose(limits(2, 5 * 1024 * 1024));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/media/limits')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await pick(png('1.png'), png('2.png'), png('3.png'));
    await waitFor(() => expect(attachments()).toHaveLength(2));
    expect(screen.getByText('Bir gönderiye en fazla 2 görsel ekleyebilirsiniz.')).toBeTruthy();
    expect(created).not.toContain('blob:test/3.png');
  });

  it('refuses a file over maxFileSize before uploading it, in Turkish, and keeps the others', async () => {
    const { requests } = await renderCompose(limits(4, 1.5 * 1024 * 1024));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Görsel ekle' })).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 0));
    await pick(sized('kucuk.png', 1024), sized('buyuk.png', 2 * 1024 * 1024));
    await waitFor(() => expect(attachments()).toHaveLength(1));
    expect(screen.getByText('“buyuk.png” eklenemedi: bir görsel en fazla 1,5 MB olabilir.')).toBeTruthy();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect((requests[0].body as FormData).get('file')).toMatchObject({ name: 'kucuk.png' });
    expect(created).not.toContain('blob:test/buyuk.png');
  });

  it('keeps 4 and no size check when the limits cannot be read', async () => {
    await renderCompose({ 'GET /api/media/limits': { status: 500, body: { message: 'Sunucu hatası' } } });
    await pick(png('1.png'), png('2.png'), png('3.png'), png('4.png'), sized('5.png', 8 * 1024 * 1024));
    await waitFor(() => expect(attachments()).toHaveLength(4));
    expect(screen.getByText('Bir gönderiye en fazla 4 görsel ekleyebilirsiniz.')).toBeTruthy();
  });
});

describe('ComposeBox — removing and failures', () => {
  it('removing an image aborts its upload and frees its thumbnail', async () => {
    const user = userEvent.setup();
    const { requests } = await renderCompose();
    await pick(png('bir.png'), png('iki.png'));
    await waitFor(() => expect(requests).toHaveLength(2));

    await user.click(within(attachments()[0]).getByRole('button', { name: 'Görseli kaldır' }));
    expect(attachments()).toHaveLength(1);
    expect(requests[0].aborted).toBe(true);
    expect(requests[1].aborted).toBe(false);
    expect(revoked).toEqual(['blob:test/bir.png']);
  });

  it("shows the server's message on a failed upload, with retry and remove", async () => {
    const user = userEvent.setup();
    const { requests } = await renderCompose();
    await pick(png('buyuk.png'));
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => requests[0].respond(413, { message: 'Dosya en fazla 5 MB olabilir' }));

    const alert = await within(attachments()[0]).findByRole('alert');
    expect(alert.textContent).toContain('Dosya en fazla 5 MB olabilir');
    expect(submitButton().disabled).toBe(true);
    expect(submitButton().getAttribute('aria-describedby')).toBe(
      screen.getByText('Yüklenemeyen görseli yeniden deneyin ya da kaldırın.').id,
    );

    await user.click(within(attachments()[0]).getByRole('button', { name: 'Yeniden dene' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(within(attachments()[0]).queryByRole('alert')).toBeNull();
    act(() => requests[1].respond(201, makeMedia({ id: 'm-ok' })));
    await waitFor(() => expect(submitButton().disabled).toBe(false));
  });

  it('aborts what is still uploading when the box goes', async () => {
    const { requests, unmount } = await renderCompose();
    await pick(png('bir.png'));
    await waitFor(() => expect(requests).toHaveLength(1));
    unmount();
    expect(requests[0].aborted).toBe(true);
    expect(revoked).toEqual(['blob:test/bir.png']);
  });
});

describe('ComposeBox — alt text', () => {
  it('limits the alt text with a counter and saves it by PATCH once the upload is done', async () => {
    const user = userEvent.setup();
    const { requests, calls } = await renderCompose({
      'PATCH /api/media/m-alt': () => ({ body: makeMedia({ id: 'm-alt', alt: 'Gün batımı' }) }),
    });
    await pick(png('gunbatimi.png'));
    await waitFor(() => expect(requests).toHaveLength(1));

    await user.click(within(attachments()[0]).getByRole('button', { name: 'ALT: görsel 1 için açıklama' }));
    const dialog = await screen.findByRole('dialog', { name: 'Görsel açıklaması' });
    const field = within(dialog).getByRole('textbox', { name: 'Açıklama' }) as HTMLTextAreaElement;
    expect(field.maxLength).toBe(MEDIA_ALT_MAX_LENGTH);
    fireEvent.change(field, { target: { value: 'x'.repeat(MEDIA_ALT_MAX_LENGTH + 20) } });
    expect(field.value).toHaveLength(MEDIA_ALT_MAX_LENGTH);
    expect(within(dialog).getByTestId('alt-counter').textContent).toBe(`${MEDIA_ALT_MAX_LENGTH}/${MEDIA_ALT_MAX_LENGTH}`);
    fireEvent.change(field, { target: { value: 'Gün batımı' } });
    expect(within(dialog).getByTestId('alt-counter').textContent).toBe(`10/${MEDIA_ALT_MAX_LENGTH}`);
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // Written during the upload: kept, and not sent before the image exists.
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    act(() => requests[0].respond(201, makeMedia({ id: 'm-alt' })));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url).toBe('/api/media/m-alt');
    expect(patch.body).toEqual({ alt: 'Gün batımı' });
    expect(patch.headers.Authorization).toBe('Bearer tok-test');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });

  it('Escape closes the alt dialog only, not a dialog around the box', async () => {
    const user = userEvent.setup();
    const { ReplyModal } = await import('./reply-modal');
    installFakeXhr();
    const onClose = vi.fn();
    renderWithProviders(<ReplyModal post={makePost()} onClose={onClose} />, { user: member });
    await screen.findByRole('textbox', { name: 'Yanıt metni' });
    await userEvent.upload(fileInput(), [png('a.png')]);
    await user.click(await screen.findByRole('button', { name: 'ALT: görsel 1 için açıklama' }));
    await screen.findByRole('dialog', { name: 'Görsel açıklaması' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Görsel açıklaması' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ComposeBox — sending images', () => {
  it('sends an image-only post with its mediaIds in order and sensitive, and shows it at once', async () => {
    const user = userEvent.setup();
    const xhr = installFakeXhr();
    const first = makeMedia({ id: 'm-a', alt: 'Birinci' });
    const second = makeMedia({ id: 'm-b', alt: 'İkinci' });
    const posted = makePost({
      _id: 'p-new',
      content: '',
      media: [first, second],
      sensitive: true,
      author: { _id: 'u-ayse', username: 'ayse', displayName: 'Ayşe Yılmaz' },
    });
    const { calls } = renderWithProviders(<HomeTimeline />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([]) },
        'POST /api/posts': { status: 201, body: { post: posted } },
      },
    });
    await screen.findByRole('textbox', { name: 'Gönderi metni' });
    await userEvent.upload(fileInput(), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(xhr.requests).toHaveLength(2));
    // The second answers first: the order stays the author's.
    act(() => xhr.requests[1].respond(201, second));
    act(() => xhr.requests[0].respond(201, first));
    await user.click(screen.getByRole('switch', { name: 'Hassas içerik' }));
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await user.click(submitButton());

    const card = await screen.findByTestId('post-card');
    expect(card.getAttribute('data-post-id')).toBe('p-new');
    expect(within(card).getByTestId('media-grid').className).toContain('media-grid--2');
    expect(within(card).getByRole('button', { name: 'Hassas içerik — göster' })).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST' && call.url === '/api/posts');
    expect(post?.body).toEqual({ content: '', mediaIds: ['m-a', 'm-b'], sensitive: true });
    // The box is empty again, its thumbnails freed.
    expect(attachments()).toHaveLength(0);
    expect(revoked.sort()).toEqual(['blob:test/a.png', 'blob:test/b.png']);
  });
});
