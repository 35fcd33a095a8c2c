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
  /**
   * The answer destroys something: the confirm button is filled red (`danger`'s colour, filled),
   * so it does not read as the safe default.
   */
  destructive?: boolean;
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
  destructive,
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
          <Button
            variant={destructive ? 'danger' : confirmVariant}
            className={destructive ? 'btn--destructive' : undefined}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
