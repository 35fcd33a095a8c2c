// Pictures in posts (issue 24). Upload first, attach later, as Mastodon: `POST /api/media`
// (multipart, one file in the field `file`) answers a `Media`; `POST /api/posts` takes up to
// `maxImagesPerPost` of their ids in `mediaIds`. An upload not attached within
// MEDIA_UNATTACHED_TTL_HOURS is deleted.

/** One stored size of an image: a WebP file at `url` (absolute path `/media/…` or a CDN URL). */
export interface MediaVariant {
  url: string;
  width: number;
  height: number;
}

/**
 * An image as the server sends it, in a post's `media` and as the answer of `POST /api/media`.
 * `small` (about MEDIA_SMALL_WIDTH px wide) is for cards, `large` (longest side at most
 * MEDIA_LARGE_MAX px) for the viewer; both keep the upload's aspect ratio after its EXIF
 * orientation is applied. `width`/`height` are the large variant's (paint the box at that ratio
 * before the bytes arrive). `placeholder`: a ThumbHash (base64) of the image, drawn blurred in the
 * box while the bytes load and in place of a sensitive image. `type`: `animated` for an animated
 * GIF or WebP, kept animated; its `still` is the first frame (for `prefers-reduced-motion`).
 */
export interface Media {
  id: string;
  type: 'image' | 'animated';
  small: MediaVariant;
  large: MediaVariant;
  still: MediaVariant | null;
  width: number;
  height: number;
  placeholder: string;
  /** Alt text for screen readers and the `ALT` badge; null when the author gave none. */
  alt: string | null;
}

/** PATCH /api/media/:id (the uploader's own, before or after it is attached): the new alt text. */
export interface MediaAltPatch {
  alt: string | null;
}

/**
 * GET /api/media/limits (members): the admin settings a compose box needs before it uploads, so
 * it refuses a fifth picture or a too-big file at once instead of after the upload.
 */
export interface MediaLimits {
  /** Pictures one post may carry (the `maxImagesPerPost` setting). */
  maxImagesPerPost: number;
  /** Bytes: the largest upload (the `maxFileSize` setting; `POST /api/media` answers 413 above it). */
  maxFileSize: number;
}

/** Alt text's maximum in characters, as Mastodon. */
export const MEDIA_ALT_MAX_LENGTH = 1500;
/** The card variant's width (narrower images keep their own). */
export const MEDIA_SMALL_WIDTH = 400;
/** The viewer variant's longest side. */
export const MEDIA_LARGE_MAX = 2048;
/** Hours an upload may wait for its post before the sweep deletes it. */
export const MEDIA_UNATTACHED_TTL_HOURS = 24;
/** Frames an animated image keeps at most. */
export const MEDIA_MAX_FRAMES = 300;
/** The image types an upload may be, sniffed from its bytes (never from its name or header). */
export const MEDIA_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic'] as const;
