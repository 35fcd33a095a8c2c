import type { Media } from '@gundem/contract';
import { lazy, Suspense, useCallback, useId, useState, type ComponentType } from 'react';
import { tr } from '../../../locales/tr';
import { sizesOf, srcSetOf } from '../media';
import type { MediaViewerProps } from './media-viewer';
import '../media.css';

// The viewer and the ThumbHash decoder come on demand: a guest's `/` has its bytes counted (issue 13).
const MediaViewer = lazy(
  (): Promise<{ default: ComponentType<MediaViewerProps> }> =>
    import('./media-viewer').then((module) => ({ default: module.MediaViewer })),
);

type Decoder = typeof import('../placeholder');
let decoder: Decoder | null = null;
let decoderLoad: Promise<Decoder> | null = null;
function loadDecoder(): Promise<Decoder> {
  decoderLoad ??= import('../placeholder').then((module) => (decoder = module));
  return decoderLoad;
}

/** The layouts drawn (X's): one, two side by side, one tall and two stacked, two by two. */
const GRID_MAX = 4;

/**
 * Paints a box's placeholder (and, for a single image, its aspect ratio) through the CSSOM once
 * it is on the page: the CSP (`style-src 'self'`) refuses a `style` attribute in the server's
 * HTML, and hydration would not add it back. Before that, the `<img>`'s width and height
 * attributes hold the box at the image's ratio.
 */
function usePaintedBox(media: Media, withRatio: boolean) {
  const { width, height, placeholder } = media;
  return useCallback(
    (node: HTMLElement | null) => {
      if (!node) return;
      if (withRatio) {
        node.style.setProperty('aspect-ratio', `${width} / ${height}`);
        // A tall image's frame is as wide as the image at the frame's max height, not the column.
        node.style.setProperty('max-width', `calc(var(--media-single-max) * ${width} / ${height})`);
      }
      const paint = ({ placeholderUrl }: Decoder) => {
        const url = placeholderUrl(placeholder);
        if (url) node.style.setProperty('background-image', `url("${url}")`);
      };
      if (decoder) paint(decoder);
      else void loadDecoder().then(paint, () => undefined);
    },
    [width, height, placeholder, withRatio],
  );
}

export interface MediaGridProps {
  media: readonly Media[];
  /** `Hassas içerik`: the placeholders only, blurred, until the viewer reveals them (per card). */
  sensitive?: boolean;
}

/** A post's images in X's grid (issue 24); a click opens the viewer. */
export function MediaGrid({ media, sensitive = false }: MediaGridProps) {
  const [revealed, setRevealed] = useState(false);
  const [viewing, setViewing] = useState<{ index: number; opener: HTMLElement } | null>(null);
  const items = media.slice(0, GRID_MAX);
  if (items.length === 0) return null;
  const hidden = sensitive && !revealed;
  return (
    <div
      className={`media-grid media-grid--${items.length}${hidden ? ' media-grid--hidden' : ''}`}
      data-testid="media-grid"
    >
      {items.map((item, index) => (
        <MediaBox
          key={item.id}
          media={item}
          index={index}
          count={items.length}
          hidden={hidden}
          onOpen={(opener) => setViewing({ index, opener })}
        />
      ))}
      {hidden ? (
        <button type="button" className="media-grid__reveal" onClick={() => setRevealed(true)}>
          {tr.media.sensitiveReveal}
        </button>
      ) : null}
      {viewing ? (
        <Suspense fallback={null}>
          <MediaViewer
            media={items}
            start={viewing.index}
            returnFocus={viewing.opener}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function MediaBox({
  media,
  index,
  count,
  hidden,
  onOpen,
}: {
  media: Media;
  index: number;
  count: number;
  hidden: boolean;
  onOpen: (opener: HTMLElement) => void;
}) {
  const paint = usePaintedBox(media, count === 1);
  const [altOpen, setAltOpen] = useState(false);
  const altId = useId();
  const alt = media.alt?.trim() || '';
  const image = (
    <img
      className="media-grid__img"
      src={media.small.url}
      srcSet={srcSetOf(media)}
      sizes={sizesOf(count)}
      width={media.width}
      height={media.height}
      alt={alt}
      data-no-alt={alt ? undefined : 'true'}
      loading="lazy"
      decoding="async"
    />
  );
  return (
    <div ref={paint} className="media-grid__item" data-testid="media-box">
      {hidden ? null : (
        <>
          <button
            type="button"
            className="media-grid__open"
            // With alt text the image names the button; without, the button says there is none.
            aria-label={alt ? undefined : tr.media.openNoAlt(index + 1, count)}
            title={alt ? undefined : tr.media.open(index + 1, count)}
            onClick={(event) => onOpen(event.currentTarget)}
          >
            {media.type === 'animated' && media.still ? (
              <picture>
                <source media="(prefers-reduced-motion: reduce)" srcSet={media.still.url} />
                {image}
              </picture>
            ) : (
              image
            )}
          </button>
          {alt ? (
            <>
              <button
                type="button"
                className="media-grid__alt"
                aria-expanded={altOpen}
                aria-controls={altOpen ? altId : undefined}
                title={tr.media.altBadgeLabel}
                onClick={() => setAltOpen((open) => !open)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape' && altOpen) {
                    event.stopPropagation();
                    setAltOpen(false);
                  }
                }}
                onBlur={() => setAltOpen(false)}
              >
                {tr.media.altBadge}
              </button>
              {altOpen ? (
                <p id={altId} className="media-grid__alt-text" role="note">
                  {alt}
                </p>
              ) : null}
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
