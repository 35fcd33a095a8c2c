import { tr } from '../locales/tr';
import { VerifiedIcon } from './icons';

/** The badge after a verified member's name; named for screen readers. */
export function VerifiedBadge({ size = 18 }: { size?: number }) {
  return (
    <span className="verified-badge" data-testid="verified-badge">
      <VerifiedIcon size={size} title={tr.posts.verified} />
    </span>
  );
}
