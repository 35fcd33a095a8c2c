import type { ReactNode } from 'react';
import { tr } from '../locales/tr';
import { AlertCircleIcon, CloseIcon } from './icons';

export interface ErrorBannerProps {
  children: ReactNode;
  onDismiss: () => void;
  /** An extra action beside the text, e.g. a retry button. */
  action?: ReactNode;
}

/** A load failure above a list; announced at once and closable (docs/product.md#home). */
export function ErrorBanner({ children, onDismiss, action }: ErrorBannerProps) {
  return (
    <div role="alert" className="error-banner">
      <AlertCircleIcon size={20} className="error-banner__icon" />
      <span className="error-banner__text">{children}</span>
      {action}
      <button
        type="button"
        className="icon-button error-banner__close"
        aria-label={tr.common.close}
        onClick={onDismiss}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
