// `yazıyor…` both ways: this tab tells the other member it is typing (throttled), and shows when
// they are typing to the viewer in the open conversation.
import { TYPING_SEND_INTERVAL_MS, TYPING_TIMEOUT_MS } from '@gundem/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtime, useSocketEvent } from '../../../lib/realtime/hooks';

/**
 * Whether `userId` is typing to the viewer: true on their `message:typing`, false again when
 * their message arrives or after TYPING_TIMEOUT_MS without another one.
 */
export function useIsTyping(userId: string): boolean {
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setTyping(false);
  }, []);

  useSocketEvent('message:typing', (event) => {
    if (event?.from !== userId) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(stop, TYPING_TIMEOUT_MS);
    setTyping(true);
  });

  useSocketEvent('message:new', (event) => {
    if (event?.conversation?.id === userId && event.message && !event.message.isOwn) stop();
  });

  // Another conversation opened in the same pane, or the pane closed.
  useEffect(() => stop, [userId, stop]);

  return typing;
}

/**
 * What the composer calls: `typed()` on every change that leaves text in the box sends
 * `message:typing` at most every TYPING_SEND_INTERVAL_MS; `sent()` after a send lets the next
 * keystroke tell at once (the receiver's indicator ended with the message).
 */
export function useTypingNotifier(to: string): { typed: () => void; sent: () => void } {
  const client = useRealtime();
  const last = useRef(0);
  const typed = useCallback(() => {
    const now = Date.now();
    if (now - last.current < TYPING_SEND_INTERVAL_MS) return;
    if (client?.sendTyping(to)) last.current = now;
  }, [client, to]);
  const sent = useCallback(() => {
    last.current = 0;
  }, []);
  return { typed, sent };
}
