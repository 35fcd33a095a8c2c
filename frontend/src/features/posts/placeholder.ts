// The ThumbHash decoder, loaded with the first image on screen rather than with every first page
// (issue 13's JS budget): the box keeps its size and a plain colour until it arrives.
import { thumbHashToDataURL } from 'thumbhash';

const cache = new Map<string, string>();

/** The placeholder (a ThumbHash in base64) as a small PNG data URL, blurred by the browser when stretched. */
export function placeholderUrl(base64: string): string | null {
  let url = cache.get(base64);
  if (url === undefined) {
    try {
      const binary = atob(base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      url = thumbHashToDataURL(bytes);
    } catch {
      url = '';
    }
    cache.set(base64, url);
  }
  return url || null;
}
