import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Alert } from '../../../components/alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MoreIcon, TrashIcon } from '../../../components/icons';
import { errorText } from '../../../lib/api-client';
import { trPostMenu } from '../../../locales/tr-post-menu';
import { useDeletePost } from '../api/delete-post';
import '../popup.css';
import '../post-menu.css';

export interface PostMenuProps {
  postId: string;
  /**
   * The card moves the focus between its controls with the arrow keys (a feed card, see
   * use-card-keys.ts): the button then stays out of the Tab order like the card's others. This
   * component loads after the card has rendered, so it cannot wait for the card to set that.
   */
  roving?: boolean;
}

/** The menu's items, in order (one today; Pin or Edit would join them). */
const ITEMS = '[role="menuitem"]';

/**
 * The `⋯` button of the viewer's own post and its menu (the WAI-ARIA menu button pattern): the
 * menu opens with its first item focused; the arrow keys, Home and End move between the items;
 * Escape closes it and gives the focus back to the button; a click elsewhere or Tab away closes
 * it. `Sil` asks first (ConfirmDialog: Vazgeç has the focus) and deletes once confirmed.
 *
 * Loaded on demand by the post card, and only for the author's own posts: a guest's `/` never
 * downloads it (test/e2e/bundle-budget.test.ts).
 */
export function PostMenu({ postId, roving = false }: PostMenuProps) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const wrapperRef = useRef<HTMLSpanElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const remove = useDeletePost();
  // Set once this button runs in the browser (hydrated or rendered there): a click on the
  // server's markup before that does nothing, so browser tests wait for `data-ready`.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>(ITEMS)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
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
        setOpen(false);
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

  const askToDelete = () => {
    // The button is the dialog's opener: the focus returns to it when the dialog closes.
    close();
    remove.reset();
    setConfirming(true);
  };

  return (
    <span ref={wrapperRef} className="post-menu">
      <button
        ref={buttonRef}
        type="button"
        className="post-menu__button"
        aria-label={trPostMenu.open}
        title={trPostMenu.open}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        tabIndex={roving ? -1 : undefined}
        data-testid="post-menu-button"
        data-ready={ready ? '' : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' || open) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <MoreIcon size={18} />
      </button>
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
            if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="post-menu__item post-menu__item--danger"
            onClick={askToDelete}
          >
            <TrashIcon size={18} />
            {trPostMenu.delete}
          </button>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={trPostMenu.confirmTitle}
          description={trPostMenu.confirmText}
          confirmLabel={remove.isPending ? trPostMenu.deleting : trPostMenu.confirm}
          cancelLabel={trPostMenu.cancel}
          confirmVariant="danger"
          busy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            // On success the post leaves every list, and this card with it.
            remove.mutate(postId, { onSuccess: () => setConfirming(false) });
          }}
        >
          {remove.isError ? (
            <Alert tone="error" className="post-menu__error">
              {errorText(remove.error, trPostMenu.failed, trPostMenu.networkError)}
            </Alert>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </span>
  );
}
