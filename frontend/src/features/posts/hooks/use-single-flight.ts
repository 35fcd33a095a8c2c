import { useCallback, useRef } from 'react';

/**
 * Activations this close to the one before are the rest of a double-click (or a held key), not a
 * new decision (docs/product.md#limits-and-timings).
 */
export const REPEAT_GUARD_MS = 500;

/**
 * Runs a write once per intent: ignored while the previous one is in flight or within
 * REPEAT_GUARD_MS of it. A ref rather than the mutation's `isPending`, which only changes on the
 * next render, and the answer of a fast server can land between the two clicks of a double-click:
 * the second click then toggled the like back (five clicks sent four requests).
 */
export function useSingleFlight() {
  const busy = useRef(false);
  const lastStart = useRef(Number.NEGATIVE_INFINITY);
  return useCallback((write: () => Promise<unknown>) => {
    const now = Date.now();
    if (busy.current || now - lastStart.current < REPEAT_GUARD_MS) return;
    busy.current = true;
    lastStart.current = now;
    // Failures are reported by the mutation itself (docs/product.md#error-texts: logged only).
    void write()
      .catch(() => undefined)
      .finally(() => {
        busy.current = false;
      });
  }, []);
}
