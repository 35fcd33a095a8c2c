import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { BlockConfirmDialog } from '../../../components/block-confirm-dialog';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AlertCircleIcon, BookmarkIcon, PenIcon, QuoteIcon } from '../../../components/icons';
import { BlockIcon, LinkIcon, PinIcon, TrashIcon } from '../../../components/icons-more';
import { ReportDialog } from '../../../components/report-dialog';
import { trReport } from '../../../locales/tr-report';
import { errorText } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { postPath } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { trBlock } from '../../../locales/tr-block';
import { MuteIcon } from '../../../components/mute-icon';
import { useSetMute } from '../../../lib/mute';
import { trMute } from '../../../locales/tr-mute';
import { trPostMenu } from '../../../locales/tr-post-menu';
import { useBookmarkState, useSetBookmark } from '../api/bookmarks';
import { useDeletePost } from '../api/delete-post';
import type { Post } from '../../../lib/types';
import { EditPostDialog } from './edit-post-dialog';
import { useSetPin } from '../api/pins';
import { useSetQuotable } from '../api/quotes';
import '../popup.css';
import '../post-menu.css';

export interface PostMenuProps {
  postId: string;
  /** The viewer's own post: `Sil` comes first, then `Profile sabitle`. */
  own: boolean;
  /** The viewer's own post as it is now: `Düzenle` opens the edit dialog with it (issue 27). */
  editable?: Post;
  /** The post is its author's pinned one (`isPinned`): the own post's entry is `Sabitlemeyi kaldır`. */
  pinned?: boolean;
  /** The post takes quotes (issue 27, `quotable`): an own post's menu offers to turn that off, or on. */
  quotable?: boolean;
  /** Another member's post, seen by a member: the menu also blocks its author (issue 25). */
  author?: { id: string; username: string };
  /** A signed-in viewer's menu on somebody else's post: `Bildir` reports it (the post's author). */
  report?: { username: string } | null;
  open: boolean;
  menuId: string;
  /** The button and the menu: a click outside it closes the menu. */
  wrapperRef: RefObject<HTMLSpanElement | null>;
  /** The `⋯` button (post-menu-button.tsx): the focus goes back to it. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  onOpenChange: (open: boolean) => void;
}

/** The menu's items, in order. */
const ITEMS = '[role="menuitem"]';

/** One entry of the menu: out of the Tab order (the arrow keys move between the entries), its icon, then its label. */
function MenuItem({ icon, danger = false, onClick, children }: { icon: ReactNode; danger?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" role="menuitem" tabIndex={-1} className={danger ? 'post-menu__item post-menu__item--danger' : 'post-menu__item'} onClick={onClick}>
      {icon}
      {children}
    </button>
  );
}

/** The post's address to share: absolute, on this site. */
export function postUrl(postId: string): string {
  return new URL(postPath(postId), window.location.origin).href;
}

/**
 * The menu of a post's `⋯` button (loaded on its first click, see post-menu-button.tsx): it opens
 * with its first item focused; the arrow keys, Home and End move between the items; Escape closes
 * it and gives the focus back to the button; a click elsewhere or Tab away closes it.
 * `Bağlantıyı kopyala` puts the post's address on the clipboard; `Sil` (one's own posts) asks
 * first (ConfirmDialog: Vazgeç has the focus) and deletes once confirmed, with a toast; on the
 * post's own page it then goes back (or home when the app has no page before it), not to a
 * "not found" page.
 */
export function PostMenu({ postId, own, editable, pinned = false, quotable = true, author, report, open, menuId, wrapperRef, buttonRef, onOpenChange }: PostMenuProps) {
  const [confirming, setConfirming] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [editing, setEditing] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const remove = useDeletePost(() => deleted());
  const mute = useSetMute(() => author && showToast(trMute.muted(author.username)));
  // `Yer işaretleri` (issue 27): a member's, asked for as the menu opens.
  const { isAuthenticated } = useAuth();
  const bookmarkState = useBookmarkState(postId, open && isAuthenticated);
  const bookmarked = bookmarkState.data?.bookmarked === true;
  const setBookmark = useSetBookmark(postId);
  // `Profile sabitle` (issue 27): the state is the post's own `isPinned`.
  const setPin = useSetPin(postId);
  const setQuotable = useSetQuotable(postId);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>(ITEMS)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, wrapperRef, onOpenChange]);

  const close = () => {
    onOpenChange(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    switch (event.key) {
      case 'Escape':
        close();
        break;
      case 'Tab':
        // The focus moves on as usual; the menu does not stay open behind it.
        onOpenChange(false);
        return;
      case 'ArrowDown':
        next = items[(index + 1) % items.length];
        break;
      case 'ArrowUp':
        next = items[(index - 1 + items.length) % items.length];
        break;
      case 'Home':
        next = items[0];
        break;
      case 'End':
        next = items[items.length - 1];
        break;
      case 'ArrowLeft':
      case 'ArrowRight':
        // Inside the menu these do nothing (the card would otherwise move to its next control).
        break;
      default:
        return;
    }
    event.preventDefault();
    // The card's arrow keys (use-card-keys.ts) must not act on keys the menu used.
    event.stopPropagation();
    next?.focus();
  };

  /**
   * An entry that sets one of the post's states for the member (a bookmark, a pin, the quote
   * policy): the menu closes, the change is sent, a toast says it was made or why not.
   */
  const switchTo = (mutation: { mutate: (next: boolean, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void }, next: boolean, done: string, failed: string) => {
    close();
    mutation.mutate(next, {
      onSuccess: () => showToast(done),
      onError: (error) => showToast(errorText(error, failed, trPostMenu.networkError), 'error'),
    });
  };

  const copyLink = () => {
    close();
    const copied = navigator.clipboard?.writeText(postUrl(postId)) ?? Promise.reject(new Error('no clipboard'));
    copied.then(
      () => showToast(trPostMenu.linkCopied),
      () => showToast(trPostMenu.copyFailed, 'error'),
    );
  };

  const deleted = () => {
    setConfirming(false);
    showToast(trPostMenu.deleted);
    // The page of the deleted post has nothing left to show: back to where one came from, or
    // home when this page was the app's first (a link from elsewhere, a reload).
    if (location.pathname.toLowerCase() !== postPath(postId).toLowerCase()) return;
    if (location.key !== 'default') navigate(-1);
    else navigate('/', { replace: true });
  };

  const askToDelete = () => {
    // The button is the dialog's opener: the focus returns to it when the dialog closes.
    close();
    remove.reset();
    setConfirming(true);
  };

  return (
    <>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={trPostMenu.label}
          className="posts-popup post-menu__list"
          onKeyDown={onMenuKeyDown}
          onBlur={(event) => {
            // The focus went elsewhere (a shortcut, a click): the menu closes behind it.
            if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) onOpenChange(false);
          }}
        >
          {own ? (
            <MenuItem icon={<TrashIcon size={18} />} danger onClick={askToDelete}>
              {trPostMenu.delete}
            </MenuItem>
          ) : null}
          {own && editable ? (
            <MenuItem
              icon={<PenIcon size={18} />}
              onClick={() => {
                // The button is the dialog's opener: the focus returns to it when the dialog closes.
                close();
                setEditing(true);
              }}
            >
              {trPostMenu.edit}
            </MenuItem>
          ) : null}
          {own ? (
            <MenuItem
              icon={<PinIcon size={18} />}
              onClick={() => (pinned ? switchTo(setPin, false, trPostMenu.unpinned, trPostMenu.unpinFailed) : switchTo(setPin, true, trPostMenu.pinned, trPostMenu.pinFailed))}
            >
              {pinned ? trPostMenu.unpin : trPostMenu.pin}
            </MenuItem>
          ) : null}
          {own ? (
            <MenuItem
              icon={<QuoteIcon size={18} />}
              onClick={() => switchTo(setQuotable, !quotable, quotable ? trPostMenu.quotesTurnedOff : trPostMenu.quotesTurnedOn, trPostMenu.quotesFailed)}
            >
              {quotable ? trPostMenu.quotesOff : trPostMenu.quotesOn}
            </MenuItem>
          ) : null}
          <MenuItem icon={<LinkIcon size={18} />} onClick={copyLink}>
            {trPostMenu.copyLink}
          </MenuItem>
          {isAuthenticated ? (
            <MenuItem
              icon={<BookmarkIcon size={18} />}
              onClick={() => switchTo(setBookmark, !bookmarked, bookmarked ? trPostMenu.unbookmarked : trPostMenu.bookmarked, trPostMenu.bookmarkFailed)}
            >
              {bookmarked ? trPostMenu.unbookmark : trPostMenu.bookmark}
            </MenuItem>
          ) : null}
          {author && !own ? (
            <MenuItem
              icon={<MuteIcon size={18} />}
              onClick={() => {
                close();
                // At once, without asking (undone from the profile or `Sessize alınanlar`): the
                // feeds are read again and drop the account's posts.
                mute.mutate({ userId: author.id, mute: true }, { onError: (error) => showToast(errorText(error, trMute.failed, trMute.networkError), 'error') });
              }}
            >
              {trMute.mute(author.username)}
            </MenuItem>
          ) : null}
          {author && !own ? (
            <MenuItem
              icon={<BlockIcon size={18} />}
              danger
              onClick={() => {
                // The button is the dialog's opener: the focus returns to it when the dialog closes.
                close();
                setBlocking(true);
              }}
            >
              {trBlock.block(author.username)}
            </MenuItem>
          ) : null}
          {report ? (
            <MenuItem
              icon={<AlertCircleIcon size={18} />}
              onClick={() => {
                // The button is the dialog's opener: the focus returns to it when the dialog closes.
                close();
                setReporting(true);
              }}
            >
              {trReport.menuItem}
            </MenuItem>
          ) : null}
        </div>
      ) : null}
      {editing && editable ? (
        <EditPostDialog
          post={editable}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            showToast(trPostMenu.editSaved);
          }}
        />
      ) : null}
      {blocking && author ? <BlockConfirmDialog user={author} onClose={() => setBlocking(false)} /> : null}
      {reporting && report ? (
        <ReportDialog targetType="post" targetId={postId} account={report} onClose={() => setReporting(false)} />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={trPostMenu.confirmTitle}
          description={trPostMenu.confirmText}
          confirmLabel={remove.isPending ? trPostMenu.deleting : trPostMenu.confirm}
          cancelLabel={trPostMenu.cancel}
          destructive
          busy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            // On success the post leaves every list, and this card with it (see `deleted`).
            remove.mutate(postId);
          }}
        >
          {remove.isError ? (
            <Alert tone="error" className="post-menu__error">
              {errorText(remove.error, trPostMenu.failed, trPostMenu.networkError)}
            </Alert>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
