import { useEffect, useState } from 'react';
import { useAuth } from '../lib/auth';
import { useSocketStatus } from '../lib/realtime/hooks';
import { tr } from '../locales/tr';
import { AlertCircleIcon } from './icons';

/** A drop shorter than this (a reconnect, a login's new connection) shows nothing. */
export const SOCKET_DOWN_GRACE_MS = 2_000;
/** How long "Yeniden bağlandı" stays. */
export const SOCKET_BACK_MS = 3_000;

type Shown = 'none' | 'down' | 'back';

/**
 * The live connection's pill: "Bağlantı koptu, yeniden bağlanılıyor…" once the socket has been
 * down for SOCKET_DOWN_GRACE_MS, then "Yeniden bağlandı" for a moment when it returns. A polite
 * status in a region that is always there (so screen readers announce the change), fixed like
 * the HTTP ConnectionBanner so nothing moves; that banner wins while it shows (it says the same
 * about the whole server).
 */
export function SocketIndicator() {
  const status = useSocketStatus();
  const { connection } = useAuth();
  const [shown, setShown] = useState<Shown>('none');

  useEffect(() => {
    if (status === 'down') {
      const timer = setTimeout(() => setShown('down'), SOCKET_DOWN_GRACE_MS);
      return () => clearTimeout(timer);
    }
    if (status === 'connected') setShown((current) => (current === 'down' ? 'back' : 'none'));
    else setShown('none');
  }, [status]);

  useEffect(() => {
    if (shown !== 'back') return;
    const timer = setTimeout(() => setShown('none'), SOCKET_BACK_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  const text =
    connection !== 'online' || shown === 'none'
      ? null
      : shown === 'down'
        ? tr.app.socketDown
        : tr.app.socketBack;
  return (
    <div role="status" aria-live="polite" data-testid="socket-status">
      {text ? (
        <div className="connection-banner">
          {shown === 'down' ? (
            <AlertCircleIcon size={18} className="connection-banner__icon" />
          ) : null}
          <span>{text}</span>
        </div>
      ) : null}
    </div>
  );
}
