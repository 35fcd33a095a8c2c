import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  title: string;
  description?: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** `danger` for an answer that destroys something (deleting a post). */
  confirmVariant?: ButtonVariant;
  /** The confirmed action is under way: the confirm button is disabled. */
  busy?: boolean;
  /** Shown above the buttons, e.g. why the confirmed action failed. */
  children?: ReactNode;
}

/**
 * A yes/no question in a dialog. The safe answer (cancel) takes the focus, so Enter or Escape
 * pressed by habit never confirms; focus goes back to the opener when it closes (Modal).
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  confirmVariant,
  busy,
  children,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel}>
      <div className="confirm-dialog">
        {description ? <p className="confirm-dialog__text">{description}</p> : null}
        {children}
        <div className="confirm-dialog__actions">
          <Button variant="secondary" onClick={onCancel} autoFocus>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
