import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
// sonner's stylesheet as a file of this origin: the build removes sonner's own inline <style>,
// which the Content-Security-Policy blocks (vite.config.ts, sonnerWithoutInlineStyle).
import 'sonner/dist/styles.css';
// Its rich colours' text made AA-contrast on their tints (axe in the journeys).
import './toaster.css';
import { toasterMounted } from '../lib/toast';
import { tr } from '../locales/tr';

/**
 * Where toasts appear: bottom-centre, above the phone's bottom navigation, announced politely to
 * screen readers (sonner's live region). Sonner subscribes in its own effect, which runs before
 * this one (a child's effects run first), so `toasterMounted` is only said once it listens.
 */
export function Toaster() {
  useEffect(() => toasterMounted(), []);
  return (
    <Sonner
      position="bottom-center"
      richColors
      customAriaLabel={tr.toasts}
      mobileOffset={{ bottom: 'calc(var(--bottom-nav-height) + 16px + env(safe-area-inset-bottom, 0px))' }}
      toastOptions={{ duration: 4_000 }}
    />
  );
}
