import { formatRelativeTime } from '../../lib/format';
import { trMessages } from '../../locales/tr-messages';

/** The messages screen's relative time (docs/product.md#limits-and-timings): "Şimdi" under a minute, else 5dk, 3sa, 2g. */
export function formatMessageTime(timestamp: string, now: number = Date.now()): string {
  const time = new Date(timestamp).getTime();
  if (Number.isNaN(time)) return '';
  if (now - time < 60_000) return trMessages.now;
  return formatRelativeTime(time, now);
}
