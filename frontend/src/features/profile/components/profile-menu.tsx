import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { BlockConfirmDialog } from '../../../components/block-confirm-dialog';
import { MoreIcon } from '../../../components/icons';
import { BlockIcon } from '../../../components/icons-more';
import { MuteIcon } from '../../../components/mute-icon';
import { errorText } from '../../../lib/api-client';
import { useSetMute } from '../../../lib/mute';
import { showToast } from '../../../lib/toast';
import { trBlock } from '../../../locales/tr-block';
import { trMute } from '../../../locales/tr-mute';

export interface ProfileMenuProps {
  user: { id: string; username: string };
  /** The viewer blocks the account now: the item undoes it. */
  blocking: boolean;
  /** The viewer mutes the account now: `Sessizden çıkar` instead of `Sessize al` (issue 25). */
  muting?: boolean;
}

/**
 * The profile header's `⋯` button and its menu (the WAI-ARIA menu button pattern, as a post's):
 * `@ayse kullanıcısını engelle`, or `… engelini kaldır` while blocked, each asking first
 * (BlockConfirmDialog). ArrowDown opens it; Escape or Tab closes it, the focus back on the button.
 */
export function ProfileMenu({ user, blocking, muting = false }: ProfileMenuProps) {
  const mute = useSetMute((on) => showToast(on ? trMute.muted(user.username) : trMute.unmuted(user.username)));
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
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
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) {
      event.preventDefault();
      const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
      const index = items.indexOf(document.activeElement as HTMLElement);
      const next =
        event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : (index + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
      items[next]?.focus();
    }
  };

  return (
    <div ref={wrapperRef} className="profile-menu">
      <button
        ref={buttonRef}
        type="button"
        className="profile-menu__button"
        aria-label={trBlock.profileMenu}
        title={trBlock.profileMenu}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="profile-menu-button"
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' || open) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <MoreIcon size={20} />
      </button>
      {open ? (
        <div ref={menuRef} id={menuId} role="menu" aria-label={trBlock.profileMenuLabel} className="profile-menu__list" onKeyDown={onMenuKeyDown}>
          {blocking ? null : (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="profile-menu__item"
              data-testid="profile-mute"
              onClick={() => {
                close();
                mute.mutate({ userId: user.id, mute: !muting }, { onError: (error) => showToast(errorText(error, trMute.failed, trMute.networkError), 'error') });
              }}
            >
              <MuteIcon size={18} />
              {muting ? trMute.unmute(user.username) : trMute.mute(user.username)}
            </button>
          )}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={blocking ? 'profile-menu__item' : 'profile-menu__item profile-menu__item--danger'}
            onClick={() => {
              close();
              setConfirming(true);
            }}
          >
            <BlockIcon size={18} />
            {blocking ? trBlock.unblock(user.username) : trBlock.block(user.username)}
          </button>
        </div>
      ) : null}
      {confirming ? <BlockConfirmDialog user={user} unblock={blocking} onClose={() => setConfirming(false)} /> : null}
    </div>
  );
}
