// Pictures in posts (issue 24), the parts every card needs.
import type { Media } from '@gundem/contract';
import { intlLocale } from '../../lib/locale';

/**
 * The server's default `maxImagesPerPost` (issue 24): the compose box's limit until
 * GET /api/media/limits answers, or when it fails (api/media-limits.ts).
 */
export const MAX_IMAGES_PER_POST = 4;

const MB = 1024 * 1024;

/** A byte limit as the compose box says it: `5 MB`, `1,5 MB` (Turkish decimal comma; `1.5 MB` in English). */
export function formatMegabytes(bytes: number): string {
  const megabytes = new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 });
  return `${megabytes.format(Math.round((bytes / MB) * 10) / 10)} MB`;
}

/** Both stored sizes, for the browser to pick by the box's width. */
export function srcSetOf(media: Media): string {
  return `${media.small.url} ${media.small.width}w, ${media.large.url} ${media.large.width}w`;
}

/** The box's width: the column is 600 px at most (less the card's avatar and padding), the phone's width below it. */
export function sizesOf(count: number): string {
  return count === 1 ? '(max-width: 600px) 100vw, 510px' : '(max-width: 600px) 50vw, 255px';
}
