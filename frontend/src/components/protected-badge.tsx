import { tr } from '../locales/tr';
import { createIcon } from './icons';

export const LockIcon = createIcon(
  'LockIcon',
  <>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);

/**
 * The lock after a protected account's name (issue 26, `Gönderilerimi koru`) on post cards and
 * account rows; named for screen readers (`Korunan hesap`).
 */
export function ProtectedBadge({ size = 16 }: { size?: number }) {
  return (
    <span className="protected-badge" data-testid="protected-badge">
      <LockIcon size={size} title={tr.follow.protectedAccount} />
    </span>
  );
}
