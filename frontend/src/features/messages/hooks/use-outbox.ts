import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useViewerKey } from '../../../lib/auth';
import { useRealtime } from '../../../lib/realtime/hooks';
import { outboxFor } from '../api/outbox';

/**
 * The tab's message queue for the signed-in member (see ../api/outbox.ts), bound to this app, and
 * the messages waiting in it for `receiverId`: every send goes through it.
 */
export function useOutbox(receiverId: string) {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const realtime = useRealtime();
  const outbox = outboxFor(viewer);
  useEffect(() => {
    outbox.bind({ queryClient, realtime });
  }, [outbox, queryClient, realtime]);
  const all = useSyncExternalStore(outbox.subscribe, outbox.snapshot);
  const queued = useMemo(
    () => all.filter((item) => item.receiverId === receiverId),
    [all, receiverId],
  );
  return { outbox, queued };
}
