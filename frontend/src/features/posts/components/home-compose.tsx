import { lazy, Suspense, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { useAuth } from '../../../lib/auth';
import { tr } from '../../../locales/tr';
import type { ComposeBoxProps } from './compose-box';

// The compose box (with its counter, the post request, the picture handling's limits and the
// loaders of its uploads, alt dialog and @ suggestions) is a member's only: a guest's `/` shows
// guest-compose-prompt.tsx and does not load it (issue 26: the first page's JS budget).
type ComposeBoxModule = typeof import('./compose-box');

let loading: Promise<ComposeBoxModule> | null = null;
/** The module once it has arrived: a box mounted after that renders at once, without a fallback. */
let loaded: ComposeBoxModule | null = null;

/**
 * Starts loading the compose box's chunk (once; a failed load is tried again by the next call).
 * Called as soon as the app knows it is a member's (main.tsx, compose-launcher.tsx), so the
 * chunk is usually there by the time the home screen asks for it.
 */
export function preloadComposeBox(): Promise<ComposeBoxModule> {
  loading ??= import('./compose-box').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const LazyComposeBox = lazy(async () => ({ default: (await preloadComposeBox()).ComposeBox }));

/**
 * The home screen's compose box, from its own chunk. Until the chunk is there a still copy of the
 * empty box holds its place (same classes, same two-row textarea, same footer height), so the
 * feed below does not move when the box arrives (the CLS checks of test/e2e/bundle-budget.test.ts).
 * On a member's server-rendered `/` the box is in the HTML and main.tsx waits for the chunk before
 * it hydrates, so the box is never the copy there.
 */
export function HomeCompose(props: ComposeBoxProps) {
  // Chosen once per mount: switching from the lazy wrapper to the loaded component later would
  // mount a new box and lose what was typed in the first.
  const [Box] = useState(() => loaded?.ComposeBox ?? LazyComposeBox);
  return (
    <Suspense fallback={<ComposePlaceholder className={props.className} />}>
      <Box {...props} />
    </Suspense>
  );
}

/** The empty compose box as it first paints, inert (nothing to type into before the real one). */
function ComposePlaceholder({ className }: { className?: string }) {
  const { user } = useAuth();
  return (
    <div className={['compose', className].filter(Boolean).join(' ')} aria-hidden="true" inert data-testid="compose-placeholder">
      <Avatar displayName={user?.displayName} seed={user?.username} src={user?.profileImage} className="compose__avatar" />
      <div className="compose__main">
        <div className="compose__field">
          <textarea className="compose__input" rows={2} placeholder={tr.posts.composePlaceholder} readOnly tabIndex={-1} />
        </div>
        <div className="compose__footer">
          <span className="icon-button compose__add-media" />
          <Button size="sm" disabled tabIndex={-1}>
            {tr.posts.submit}
          </Button>
        </div>
      </div>
    </div>
  );
}
