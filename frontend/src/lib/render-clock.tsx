// The clock of a server-rendered page's first render (issue 13): the server renders a guest's `/`
// at one moment (entry-server.tsx) and the browser hydrates it later, so a relative time ("5dk")
// read from Date.now() in both renders could differ, and a full date in the device's time zone
// (a card's tooltip) differs whenever the server's zone is not the visitor's. Both renders
// therefore read the server's moment, and no zoned date; right after hydration the clock becomes
// the real one and the cards show the times of now.
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/** The moment a server render happened, or null: the device's own clock (every ordinary render). */
const RenderClockContext = createContext<number | null>(null);

/**
 * `now` for relative times, and whether a zoned full date may be shown. Outside a
 * <RenderClock> (tests, createRoot) it is the device's clock and zoned dates are shown.
 */
export function useRenderClock(): { now: number; zoned: boolean } {
  const fixed = useContext(RenderClockContext);
  return fixed === null ? { now: Date.now(), zoned: true } : { now: fixed, zoned: false };
}

/**
 * Renders its children with the server's moment `serverNow` on the server and in the browser's
 * hydrating render; once hydrated, with the device's clock (a transition: only the components
 * that read the clock render again), and `onHydrated` is called.
 */
export function RenderClock({ serverNow, onHydrated, children }: { serverNow: number; onHydrated?: () => void; children: ReactNode }) {
  const [fixed, setFixed] = useState<number | null>(serverNow);
  useEffect(() => {
    startTransition(() => setFixed(null));
    // The hydration has committed: the server's markup is the app's now (main.tsx marks the root).
    onHydrated?.();
  }, [onHydrated]);
  return <RenderClockContext.Provider value={fixed}>{children}</RenderClockContext.Provider>;
}
