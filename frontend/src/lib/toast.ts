import { useSyncExternalStore } from 'react';

/**
 * Short confirmations and failures ("Gönderi silindi", a back-office action's result) as toasts,
 * drawn by sonner (components/toaster.tsx). Its code (~15 KB) is fetched with the first toast, not
 * with the first page: RootLayout mounts the toaster once `showToast` has been called, and the
 * toast is handed over when the toaster is listening, so the first one is not lost.
 */
export type ToastTone = 'success' | 'error';

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export function showToast(message: string, tone: ToastTone = 'success'): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void Promise.all([import('sonner'), mounted]).then(([{ toast }]) => {
    if (tone === 'error') toast.error(message);
    else toast.success(message);
  });
}

/** Whether a toast was asked for yet (RootLayout then mounts the toaster). */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

/** Called by the toaster once it listens (components/toaster.tsx). */
export function toasterMounted(): void {
  markMounted();
}
