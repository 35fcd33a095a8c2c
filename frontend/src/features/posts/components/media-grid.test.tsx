import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeMedia, makePost } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { PostCard } from './post-card';

function renderCard(overrides: Parameters<typeof makePost>[0]) {
  return renderWithProviders(<PostCard post={makePost(overrides)} variant="detail" />);
}

const grid = () => screen.getByTestId('media-grid');
const boxes = () => screen.getAllByTestId('media-box');

describe('MediaGrid — layouts', () => {
  it.each([1, 2, 3, 4])('draws %i image(s) in its own layout', (count) => {
    renderCard({ media: Array.from({ length: count }, () => makeMedia()) });
    expect(grid().className).toContain(`media-grid--${count}`);
    expect(boxes()).toHaveLength(count);
    expect(grid().querySelectorAll('.media-grid__item > button > img')).toHaveLength(count);
  });

  it('draws no grid for a post without images', () => {
    renderCard({ media: [] });
    expect(screen.queryByTestId('media-grid')).toBeNull();
  });
});

describe('MediaGrid — one image', () => {
  it('holds the box at the image ratio and paints the ThumbHash before the bytes', async () => {
    renderCard({ media: [makeMedia({ width: 1200, height: 800 })] });
    const box = boxes()[0];
    expect(box.style.getPropertyValue('aspect-ratio')).toBe('1200 / 800');
    // A tall image's frame narrows to the image at the max height (not the column's width).
    expect(box.style.getPropertyValue('max-width')).toBe('calc(var(--media-single-max) * 1200 / 800)');
    const img = box.querySelector('img')!;
    // The server's HTML has no style attribute (CSP): the img's own size holds the ratio there.
    expect(img.getAttribute('width')).toBe('1200');
    expect(img.getAttribute('height')).toBe('800');
    await waitFor(() => expect(box.style.getPropertyValue('background-image')).toMatch(/^url\("data:image\/png;base64,/));
  });

  it('offers both sizes by srcset, lazily, with sizes and the alt text', () => {
    const media = makeMedia({ id: 'm9', alt: 'Boğaz’da gün batımı' });
    renderCard({ media: [media] });
    const img = within(grid()).getByRole('img', { name: 'Boğaz’da gün batımı' });
    expect(img.getAttribute('src')).toBe('/media/m9-small.webp');
    expect(img.getAttribute('srcset')).toBe('/media/m9-small.webp 400w, /media/m9-large.webp 1200w');
    expect(img.getAttribute('sizes')).toBe('(max-width: 600px) 100vw, 510px');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.hasAttribute('data-no-alt')).toBe(false);
  });

  it('shows the ALT badge only with alt text, and the text in a popover', async () => {
    const user = userEvent.setup();
    renderCard({ media: [makeMedia({ alt: 'Kedi pencerede uyuyor' }), makeMedia({ alt: null })] });
    const badges = within(grid()).getAllByRole('button', { name: 'ALT' });
    expect(badges).toHaveLength(1);
    expect(screen.queryByRole('note')).toBeNull();
    await user.click(badges[0]);
    expect(badges[0].getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('note').textContent).toBe('Kedi pencerede uyuyor');

    // Without alt text: an empty alt, marked, and the button says so.
    const bare = boxes()[1].querySelector('img')!;
    expect(bare.getAttribute('alt')).toBe('');
    expect(bare.getAttribute('data-no-alt')).toBe('true');
    expect(within(grid()).getByRole('button', { name: 'Görsel 2/2, açıklaması yok' })).toBeTruthy();
  });

  it('keeps the reduced-motion still of an animated image in a <picture>', () => {
    const media = makeMedia({ type: 'animated', still: { url: '/media/a-still.webp', width: 400, height: 300 } });
    renderCard({ media: [media] });
    const source = grid().querySelector('picture > source')!;
    expect(source.getAttribute('media')).toBe('(prefers-reduced-motion: reduce)');
    expect(source.getAttribute('srcset')).toBe('/media/a-still.webp');
  });
});

describe('MediaGrid — sensitive', () => {
  it('draws the placeholders only, blurred, until `Hassas içerik — göster`', async () => {
    const user = userEvent.setup();
    renderCard({ sensitive: true, media: [makeMedia(), makeMedia()] });
    expect(grid().className).toContain('media-grid--hidden');
    // No image bytes are asked for while hidden.
    expect(grid().querySelectorAll('img')).toHaveLength(0);
    await waitFor(() => expect(boxes()[0].style.getPropertyValue('background-image')).toContain('data:image/png'));

    await user.click(screen.getByRole('button', { name: 'Hassas içerik — göster' }));
    expect(grid().className).not.toContain('media-grid--hidden');
    expect(grid().querySelectorAll('img')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Hassas içerik — göster' })).toBeNull();
  });

  it('shows a post not marked sensitive at once', () => {
    renderCard({ media: [makeMedia()] });
    expect(screen.queryByRole('button', { name: 'Hassas içerik — göster' })).toBeNull();
  });
});

describe('MediaViewer', () => {
  const three = () => [
    makeMedia({ id: 'v1', alt: 'Birinci' }),
    makeMedia({ id: 'v2', alt: 'İkinci' }),
    makeMedia({ id: 'v3', alt: null }),
  ];

  it('opens on the image clicked, moves with → and ←, and Esc gives focus back to it', async () => {
    const user = userEvent.setup();
    renderCard({ media: three() });
    const second = within(grid()).getByRole('button', { name: 'İkinci' });
    await user.click(second);

    const dialog = await screen.findByRole('dialog', { name: 'Görsel 2/3' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/media/v2-large.webp');
    expect(within(dialog).getByText('İkinci')).toBeTruthy();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Görsel 3/3' })).toBeTruthy();
    expect(screen.getByRole('dialog').querySelector('img')?.getAttribute('src')).toBe('/media/v3-large.webp');
    // The last one: → stays.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Görsel 3/3' })).toBeTruthy();

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Görsel 1/3' })).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getByText('Birinci')).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(second);
  });

  it('has on-screen buttons and follows a swipe on touch', async () => {
    const user = userEvent.setup();
    renderCard({ media: three() });
    await user.click(within(grid()).getByRole('button', { name: 'Birinci' }));
    const dialog = await screen.findByRole('dialog', { name: 'Görsel 1/3' });
    expect((within(dialog).getByRole('button', { name: 'Önceki görsel' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Sonraki görsel' }));
    expect(screen.getByRole('dialog', { name: 'Görsel 2/3' })).toBeTruthy();

    const stage = screen.getByTestId('viewer-stage');
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 300 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 120 });
    expect(screen.getByRole('dialog', { name: 'Görsel 3/3' })).toBeTruthy();
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 100 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 260 });
    expect(screen.getByRole('dialog', { name: 'Görsel 2/3' })).toBeTruthy();
  });

  it('opening an image does not open the post', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PostCard post={makePost({ _id: 'p-img', media: [makeMedia({ alt: 'Deniz' })] })} />, { path: '/' });
    await user.click(within(grid()).getByRole('button', { name: 'Deniz' }));
    await screen.findByRole('dialog');
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});
