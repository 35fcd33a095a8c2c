// Which feed a member's home screen shows: kept in this browser (localStorage), so the chosen
// tab survives a reload (docs/product.md#home). Guests always get the global feed.
import { useCallback, useState } from 'react';

export type HomeFeed = 'home' | 'following';

export const HOME_FEED_KEY = 'gundem_home_feed';

function readChoice(): HomeFeed {
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
  }, []);
  return [feed, choose];
}
