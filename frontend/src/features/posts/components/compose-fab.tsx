import { useLocation } from 'react-router-dom';
import { PenIcon } from '../../../components/icons';
import { useAuth } from '../../../lib/auth';
import { tr } from '../../../locales/tr';
import { useOpenCompose } from './compose-launcher';

/**
 * The screens with an input bar at the bottom (the chat's message box and its `Gönder`): there the
 * floating button would sit on that bar (issue 23: at 390 px it covered `Gönder`), so it is not shown.
 */
const BOTTOM_BAR_SCREENS = ['/messages'];

/**
 * The phone layout's floating post button (as on X and Bluesky): the sidebar's post button is
 * hidden under 700 px, so a member could only post from the top of the home feed. It opens the
 * shell's compose dialog (compose-launcher.tsx); the shell shows it on phones only.
 */
export function ComposeFab() {
  const { isAuthenticated } = useAuth();
  const openCompose = useOpenCompose();
  const { pathname } = useLocation();
  const overBottomBar = BOTTOM_BAR_SCREENS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
  if (!isAuthenticated || overBottomBar) return null;
  return (
    <button
      type="button"
      className="compose-fab"
      aria-label={tr.posts.composeTitle}
      title={tr.posts.composeTitle}
      aria-haspopup="dialog"
      onClick={openCompose}
    >
      <PenIcon size={24} />
    </button>
  );
}
