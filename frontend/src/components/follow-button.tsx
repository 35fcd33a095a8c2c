import { useState } from 'react';
import { tr } from '../locales/tr';
import { buttonClass, type ButtonSize } from './button';

export interface FollowButtonProps {
  isFollowing: boolean;
  onClick: () => void;
  /** A call is under way: further clicks are ignored, the button stays as it is. */
  busy?: boolean;
  size?: ButtonSize;
  /** Who the button follows, for screen readers ("Takip et: Ayşe"). */
  name?: string;
  className?: string;
}

/** "Takip et", or "Takip ediliyor" that reads "Takibi bırak" under the pointer (docs/product.md#right-sidebar). */
export function FollowButton({
  isFollowing,
  onClick,
  busy,
  size = 'sm',
  name,
  className,
}: FollowButtonProps) {
  const [hovered, setHovered] = useState(false);
  const followingLabel = hovered ? tr.follow.unfollow : tr.follow.following;
  const label = isFollowing ? followingLabel : tr.follow.follow;
  return (
    <button
      type="button"
      className={buttonClass({
        variant: isFollowing ? 'secondary' : 'inverse',
        size,
        className: ['follow-button', isFollowing ? 'follow-button--following' : '', className]
          .filter(Boolean)
          .join(' '),
      })}
      aria-pressed={isFollowing}
      aria-busy={busy || undefined}
      title={name ? `${label}: ${name}` : undefined}
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
