import { PinIcon } from '../../../components/icons-more';
import { trProfile } from '../../../locales/tr-profile';
import '../pinned-label.css';

/**
 * `Sabitlenmiş` above the member's pinned post, first in their profile's `Gönderiler` (issue 27),
 * as X's "Pinned": a small pin (decorative, hidden from assistive technology) and the word, which
 * is the card's first text, read before the author's name.
 */
export function PinnedLabel() {
  return (
    <p className="post-card__pinned" data-testid="pinned-label">
      <PinIcon size={14} />
      {trProfile.pinned}
    </p>
  );
}
