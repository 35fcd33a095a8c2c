import './nav-badge.css';

/** Above this the badge shows `9+` (docs/product.md#notifications). */
export const NAV_BADGE_MAX = 9;

/** `3`, or `9+` above nine; null for nothing to show. */
export function navBadgeText(count: number): string | null {
  if (!(count > 0)) return null;
  return count > NAV_BADGE_MAX ? `${NAV_BADGE_MAX}+` : String(count);
}

export interface NavBadgeProps {
  count: number;
  /**
   * The text alternative, given the exact count as shown elsewhere (`3`, `999+` at a server's
   * cap): "3 okunmamış bildirim". Screen readers hear it instead of the `9+`.
   */
  label: (count: string) => string;
  /** The count at which the server stops counting (its value means "this many or more"). */
  cap?: number;
}

/**
 * The unread count on a navigation entry's icon (Bildirimler, Mesajlar): a small pill over the
 * icon, `9+` above nine, nothing at zero. Put it inside the link after its label, so the link
 * reads "Mesajlar, 3 okunmamış mesaj"; give the link the class `nav-badge-anchor` (it is placed
 * over an icon that starts about 12 px into the link).
 */
export function NavBadge({ count, label, cap }: NavBadgeProps) {
  const shown = navBadgeText(count);
  if (!shown) return null;
  const exact = cap !== undefined && count >= cap ? `${cap - 1}+` : String(count);
  return (
    <span className="nav-badge" data-testid="nav-badge">
      <span aria-hidden="true">{shown}</span>
      {/* The comma keeps it apart in the link's name: "Bildirimler, 3 okunmamış bildirim". */}
      <span className="visually-hidden">, {label(exact)}</span>
    </span>
  );
}
