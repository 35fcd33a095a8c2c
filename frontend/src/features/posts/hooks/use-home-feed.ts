// Which feed a member's home screen shows: kept in this browser (localStorage), so the chosen
// tab survives a reload (docs/product.md#home). Guests always get the global feed.
import { useCallback, useState } from 'react';

export type HomeFeed = 'home' | 'following';

export const HOME_FEED_KEY = 'gundem_home_feed';

/**
 * The choice as a cookie of the same name, for the server: it renders a member's `/` with the
 * `Size özel` tab, so a member who chose `Takip edilenler` gets their page without that markup
 * (backend/src/common/spa/member-home-page.ts) instead of the other tab painted first. A
 * preference, no secret; a year, as the localStorage entry has no end.
 */
function writeCookie(feed: HomeFeed): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    feed === 'following'
      ? `${HOME_FEED_KEY}=following; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
      : `${HOME_FEED_KEY}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/** At start: the cookie follows the stored choice (a choice made before the cookie existed gets it). */
export function syncHomeFeedCookie(): void {
  const chosen = readChoice();
  const cookie = typeof document !== 'undefined' && document.cookie.split('; ').includes(`${HOME_FEED_KEY}=following`);
  if ((chosen === 'following') !== cookie) writeCookie(chosen);
}

export function readChoice(): HomeFeed {
  if (typeof window === 'undefined') return 'home';
  try {
    return window.localStorage.getItem(HOME_FEED_KEY) === 'following' ? 'following' : 'home';
  } catch {
    // Storage blocked (privacy settings): the default tab.
    return 'home';
  }
}

/** The member's chosen home feed and the setter that remembers it. */
export function useHomeFeedChoice(): [HomeFeed, (feed: HomeFeed) => void] {
  const [feed, setFeed] = useState<HomeFeed>(readChoice);
  const choose = useCallback((next: HomeFeed) => {
    setFeed(next);
    try {
      window.localStorage.setItem(HOME_FEED_KEY, next);
    } catch {
      // Not remembered; the tab still changes.
    }
    writeCookie(next);
  }, []);
  return [feed, choose];
}
