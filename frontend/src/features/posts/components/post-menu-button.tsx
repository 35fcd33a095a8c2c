import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { MoreIcon } from '../../../components/icons';
import { tr } from '../../../locales/tr';
import type { Post } from '../../../lib/types';
import type { PostMenuProps } from './post-menu';

// The menu's items and its delete confirmation come on the first click: a guest's `/` does not
// pay for them (test/e2e/bundle-budget.test.ts). The button is the card's own, so a click before
// that chunk arrives is kept (`open` is set at once) and the menu shows when it is there. A failed
// download (offline at that moment) leaves the menu out rather than the page.
const PostMenu = lazy(
  (): Promise<{ default: ComponentType<PostMenuProps> }> =>
    import('./post-menu').then(
      (module) => ({ default: module.PostMenu }),
      () => ({ default: () => null }),
    ),
);

export interface PostMenuButtonProps {
  postId: string;
  /** The viewer's own post: its menu also has `Sil` and `Profile sabitle`. */
  own: boolean;
  /** The viewer's own post as it is now: its menu also has `Düzenle` (issue 27). */
  editable?: Post;
  /** The post is its author's pinned one (issue 27): an own post's menu offers `Sabitlemeyi kaldır`. */
  pinned?: boolean;
  /** The post takes quotes (issue 27, `quotable`): an own post's menu offers to turn that off, or on. */
  quotable?: boolean;
  /** The post's author: a member's menu of another's post offers to block them (issue 25). */
  author?: { id: string; username: string };
  /** A signed-in viewer on somebody else's post: its menu also has `Bildir` (the author reported). */
  report?: { username: string } | null;
  /**
   * The card moves the focus between its controls with the arrow keys (a feed card, see
   * use-card-keys.ts): the button then stays out of the Tab order like the card's others.
   */
  roving?: boolean;
}

/**
 * The `⋯` button in a post card's top-right corner, on every post (as on X), and its menu (the
 * WAI-ARIA menu button pattern, components in ./post-menu.tsx): `Bağlantıyı kopyala` for every
 * post, `Sil` too for one's own. ArrowDown opens it too; Escape gives the focus back here.
 */
export function PostMenuButton({ postId, own, editable, pinned = false, quotable = true, author, report, roving = false }: PostMenuButtonProps) {
  const [open, setOpen] = useState(false);
  // Once opened, the menu's component stays mounted: its delete confirmation outlives the list.
  const [wanted, setWanted] = useState(false);
  const wrapperRef = useRef<HTMLSpanElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // Set once this button runs in the browser (hydrated or rendered there): a click on the
  // server's markup before that does nothing, so browser tests wait for `data-ready`.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const show = (next: boolean) => {
    if (next) setWanted(true);
    setOpen(next);
  };

  return (
    <span ref={wrapperRef} className="post-menu">
      <button
        ref={buttonRef}
        type="button"
        className="post-menu__button"
        aria-label={tr.posts.more}
        title={tr.posts.more}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        tabIndex={roving ? -1 : undefined}
        data-testid="post-menu-button"
        data-ready={ready ? '' : undefined}
        onClick={() => show(!open)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' || open) return;
          event.preventDefault();
          show(true);
        }}
      >
        <MoreIcon size={18} />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <PostMenu
            postId={postId}
            own={own}
            editable={editable}
            pinned={pinned}
            quotable={quotable}
            author={author}
            report={report}
            open={open}
            menuId={menuId}
            wrapperRef={wrapperRef}
            buttonRef={buttonRef}
            onOpenChange={setOpen}
          />
        </Suspense>
      ) : null}
    </span>
  );
}
