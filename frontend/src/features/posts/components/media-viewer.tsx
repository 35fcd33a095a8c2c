import type { Media } from '@gundem/contract';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons-more';
import { Modal } from '../../../components/modal';
import { trMedia } from '../../../locales/tr-media';
import '../media-viewer.css';

export interface MediaViewerProps {
  media: readonly Media[];
  /** The image clicked. */
  start: number;
  /** The image's button: focus goes back to it on close. */
  returnFocus: HTMLElement | null;
  onClose: () => void;
}

/** A swipe is a horizontal move of at least this many pixels. */
const SWIPE_MIN = 40;

/**
 * A post's images full screen (issue 24): the large size, ←/→ and the on-screen buttons between
 * them, a swipe on touch, the alt text under the image. The app's Modal traps focus, closes on
 * Escape and gives focus back to the image clicked.
 */
export function MediaViewer({ media, start, returnFocus, onClose }: MediaViewerProps) {
  const [index, setIndex] = useState(start);
  const count = media.length;
  const current = media[index];
  const swipeFrom = useRef<number | null>(null);

  const go = (step: number) => setIndex((at) => Math.min(count - 1, Math.max(0, at + step)));

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') setIndex((at) => Math.min(count - 1, at + 1));
      else if (event.key === 'ArrowLeft') setIndex((at) => Math.max(0, at - 1));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [count]);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    swipeFrom.current = event.pointerType === 'mouse' ? null : event.clientX;
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (swipeFrom.current === null) return;
    const moved = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (moved <= -SWIPE_MIN) go(1);
    else if (moved >= SWIPE_MIN) go(-1);
  };

  const alt = current.alt?.trim() || '';
  return (
    <Modal title={trMedia.viewerTitle(index + 1, count)} onClose={onClose} size="full" returnFocus={returnFocus}>
      <div className="media-viewer">
        <div
          className="media-viewer__stage"
          data-testid="viewer-stage"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipeFrom.current = null)}
        >
          <img
            key={current.id}
            className="media-viewer__img"
            src={current.large.url}
            width={current.large.width}
            height={current.large.height}
            alt={alt}
            draggable={false}
          />
        </div>
        {alt ? <p className="media-viewer__alt">{alt}</p> : null}
        {count > 1 ? (
          <div className="media-viewer__nav">
            <button
              type="button"
              className="media-viewer__step"
              aria-label={trMedia.previous}
              disabled={index === 0}
              onClick={() => go(-1)}
            >
              <ChevronLeftIcon />
            </button>
            <span aria-hidden="true">
              {index + 1}/{count}
            </span>
            <button
              type="button"
              className="media-viewer__step"
              aria-label={trMedia.next}
              disabled={index === count - 1}
              onClick={() => go(1)}
            >
              <ChevronRightIcon />
            </button>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
