// Pictures in posts (issue 24), the parts every card needs.
import type { Media } from '@gundem/contract';

/**
 * The site's `maxImagesPerPost` (issue 24; the server's default). The client has no public
 * settings to read it from yet: this is the one place to change when it does.
 */
export const MAX_IMAGES_PER_POST = 4;

/** Both stored sizes, for the browser to pick by the box's width. */
export function srcSetOf(media: Media): string {
  return `${media.small.url} ${media.small.width}w, ${media.large.url} ${media.large.width}w`;
}

/** The box's width: the column is 600 px at most (less the card's avatar and padding), the phone's width below it. */
export function sizesOf(count: number): string {
  return count === 1 ? '(max-width: 600px) 100vw, 510px' : '(max-width: 600px) 50vw, 255px';
}
