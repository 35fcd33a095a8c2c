import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  title: string;
  description?: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
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
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel}>
      <div className="confirm-dialog">
        {description ? <p className="confirm-dialog__text">{description}</p> : null}
        <div className="confirm-dialog__actions">
          <Button variant="secondary" onClick={onCancel} autoFocus>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </div>
      </div>
    </Modal>
  );
}
