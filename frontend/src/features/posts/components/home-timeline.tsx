import { lazy, Suspense } from 'react';
import { LoadingBlock } from '../../../components/spinner';
import { Tabs } from '../../../components/tabs';
import { useAuth } from '../../../lib/auth';
import { useWatchedFeed } from '../../../lib/realtime/hooks';
import { tr } from '../../../locales/tr';
import { type HomeFeed, useHomeFeedChoice } from '../hooks/use-home-feed';
import { GuestComposePrompt } from './guest-compose-prompt';
import { HomeCompose } from './home-compose';
import { NewPostsPill } from './new-posts-pill';
import { TimelineFeed } from './timeline-feed';

// A guest's `/` never shows it: loaded when a member opens the tab (the first page's budget).
// The `Son` tab (the time-ordered feed, issue 26) comes in the same chunk: one import for both.
const feeds = () => import('./following-feed');
const FollowingFeed = lazy(async () => ({ default: (await feeds()).FollowingFeed }));
const LatestFeed = lazy(async () => ({ default: (await feeds()).LatestFeed }));

/** The tabs, their labels read when shown (an English page writes its texts after this module loads). */
const tabs = (): readonly { id: HomeFeed; label: string }[] => [
  { id: 'home', label: tr.home.forYouTab },
  { id: 'latest', label: tr.home.latestTab },
  { id: 'following', label: tr.home.followingTab },
];

/**
 * The home screen: for a member the tabs `Size özel` (the ranked feed, the default), `Son` (every
 * member's posts in time order) and `Takip edilenler`, the compose box and the chosen feed; for a
 * guest the login prompt above the global ranking, untabbed (docs/product.md#home; explore's
 * `Son` keeps the time order for everyone).
 */
export function HomeTimeline() {
  const { isAuthenticated } = useAuth();
  const [choice, choose] = useHomeFeedChoice();
  const feed: HomeFeed = isAuthenticated ? choice : 'home';
  // The server sends new posts only to tabs showing a feed: they feed that feed's pill.
  useWatchedFeed(feed === 'following' ? feed : 'home');
  const body =
    feed !== 'home' ? (
      <Suspense fallback={<LoadingBlock />}>{feed === 'following' ? <FollowingFeed /> : <LatestFeed />}</Suspense>
    ) : (
      <>
        <NewPostsPill />
        <TimelineFeed />
      </>
    );
  if (!isAuthenticated) {
    return (
      <>
        <GuestComposePrompt />
        {body}
      </>
    );
  }
  return (
    <>
      <Tabs items={tabs()} value={feed} onChange={choose} label={tr.home.tabsLabel} idPrefix="home-feed" />
      <HomeCompose className="compose--home" />
      <div role="tabpanel" id={`home-feed-panel-${feed}`} aria-labelledby={`home-feed-tab-${feed}`}>
        {body}
      </div>
    </>
  );
}
