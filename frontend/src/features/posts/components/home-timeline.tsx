import { useAuth } from '../../../lib/auth';
import { useWatchedFeed } from '../../../lib/realtime/hooks';
import { ComposeBox } from './compose-box';
import { GuestComposePrompt } from './guest-compose-prompt';
import { NewPostsPill } from './new-posts-pill';
import { TimelineFeed } from './timeline-feed';

/** The home screen: the compose box (a login prompt for a guest) above the timeline. */
export function HomeTimeline() {
  const { isAuthenticated } = useAuth();
  // The server sends new posts only to tabs showing the home feed: they feed the pill.
  useWatchedFeed('home');
  return (
    <>
      {isAuthenticated ? <ComposeBox className="compose--home" /> : <GuestComposePrompt />}
      <NewPostsPill />
      <TimelineFeed />
    </>
  );
}
