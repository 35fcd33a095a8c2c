import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { tr } from '../locales/tr';
import { CloseIcon } from './icons';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Visually hide the title (it still names the dialog). */
  hideTitle?: boolean;
  /** `full`: the whole viewport, dark (the image viewer). */
  size?: 'sm' | 'md' | 'full';
  /** Where focus goes back on close (default: what had focus when the dialog opened). */
  returnFocus?: HTMLElement | null;
}

/** The dialogs open, innermost last: only the innermost answers Escape and Tab (a dialog over a dialog). */
const openDialogs: HTMLElement[] = [];

/**
 * An accessible dialog: named by its title, focus moved inside and kept there, Escape and a
 * backdrop click close it, focus returns to where it was.
 */
export function Modal({ title, onClose, children, hideTitle, size = 'sm', returnFocus }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  // The opener is read while rendering, before a child's autoFocus (applied when React commits,
  // ahead of this component's effects) has moved focus into the dialog.
  const [opener] = useState(() => returnFocus ?? (document.activeElement as HTMLElement | null));
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    // A child may already have focused itself (autoFocus); otherwise take the first field.
    if (dialog && !dialog.contains(document.activeElement)) {
      const firstField = dialog.querySelector<HTMLElement>('input, textarea, select');
      (firstField ?? dialog).focus();
    }

    if (dialog) openDialogs.push(dialog);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (dialog && openDialogs[openDialogs.length - 1] !== dialog) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !dialog) return;
      const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (
        event.shiftKey &&
        (document.activeElement === first || document.activeElement === dialog)
      ) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (dialog) openDialogs.splice(openDialogs.indexOf(dialog), 1);
      document.body.style.overflow = overflow;
      // Back to the control that opened the dialog (when it is still on screen).
      if (opener && opener !== document.body && opener.isConnected) opener.focus();
    };
  }, [opener]);

  return createPortal(
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // Only a click that started and ended on the backdrop closes (not a text selection drag).
        if (event.target === event.currentTarget && pressedOnBackdrop.current) onClose();
        pressedOnBackdrop.current = false;
      }}
    >
      <div
        ref={dialogRef}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal__header">
          <button
            type="button"
            className="icon-button"
            aria-label={tr.common.close}
            onClick={onClose}
          >
            <CloseIcon size={20} />
          </button>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal__title'}>
            {title}
          </h2>
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
