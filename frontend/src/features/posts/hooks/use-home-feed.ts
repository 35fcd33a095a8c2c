// Which feed a member's home screen shows: kept in this browser (localStorage), so the chosen
// tab survives a reload (docs/product.md#home). Guests always get the global feed.
import { useCallback, useState } from 'react';

/** `home`: `Size özel` (ranked), `latest`: `Son` (time order), `following`: `Takip edilenler`. */
export type HomeFeed = 'home' | 'latest' | 'following';

export const HOME_FEED_KEY = 'gundem_home_feed';

/**
 * The choice as a cookie of the same name, for the server: it renders a member's `/` with the
 * `Size özel` tab, so a member who chose `Takip edilenler` or `Son` gets their page without that markup
 * (backend/src/common/spa/member-home-page.ts) instead of the other tab painted first. A
 * preference, no secret; a year, as the localStorage entry has no end.
 */
function writeCookie(feed: HomeFeed): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${HOME_FEED_KEY}=${feed === 'home' ? '; Max-Age=0' : `${feed}; Max-Age=31536000`}; Path=/; SameSite=Lax${secure}`;
}

/** At start: the cookie follows the stored choice (a choice made before the cookie existed gets it; written every start, it costs less than reading it). */
export function syncHomeFeedCookie(): void {
  writeCookie(readChoice());
}

export function readChoice(): HomeFeed {
  if (typeof window === 'undefined') return 'home';
  try {
    const stored = window.localStorage.getItem(HOME_FEED_KEY) as HomeFeed;
    return stored === 'following' || stored === 'latest' ? stored : 'home';
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
