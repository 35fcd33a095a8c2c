import { useState } from 'react';
import { tr } from '../locales/tr';
import { buttonClass, type ButtonSize } from './button';

export interface FollowButtonProps {
  isFollowing: boolean;
  /**
   * The viewer's follow request to this protected account is pending (issue 26): `İstek gönderildi`
   * (reading `İsteği geri çek` under the pointer); a click withdraws it.
   */
  requested?: boolean;
  onClick: () => void;
  /** A call is under way: further clicks are ignored, the button stays as it is. */
  busy?: boolean;
  size?: ButtonSize;
  /** Who the button follows, for screen readers ("Takip et: Ayşe"). */
  name?: string;
  className?: string;
}

/**
 * "Takip et", or "Takip ediliyor" that reads "Takibi bırak" under the pointer
 * (docs/product.md#right-sidebar), or "İstek gönderildi" that reads "İsteği geri çek" for a pending
 * request to a protected account.
 */
export function FollowButton({
  isFollowing,
  requested = false,
  onClick,
  busy,
  size = 'sm',
  name,
  className,
}: FollowButtonProps) {
  const [hovered, setHovered] = useState(false);
  const pending = requested && !isFollowing;
  const label = isFollowing
    ? hovered ? tr.follow.unfollow : tr.follow.following
    : pending
      ? hovered ? tr.follow.cancelRequest : tr.follow.requested
      : tr.follow.follow;
  return (
    <button
      type="button"
      className={buttonClass({
        variant: isFollowing || pending ? 'secondary' : 'inverse',
        size,
        className: ['follow-button', isFollowing || pending ? 'follow-button--following' : '', pending ? 'follow-button--requested' : '', className]
          .filter(Boolean)
          .join(' '),
      })}
      aria-pressed={isFollowing || pending}
      aria-busy={busy || undefined}
      aria-label={pending && name ? tr.follow.requestedLabel(name) : undefined}
      title={name ? (pending ? tr.follow.requestedLabel(name) : `${label}: ${name}`) : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (busy) return;
        // A just-followed button reads "Takip ediliyor" until the pointer comes back to it.
        setHovered(false);
        onClick();
      }}
    >
      {label}
    </button>
  );
}
