import { errorText } from '../lib/api-client';
import { useSetBlock } from '../lib/block';
import { showToast } from '../lib/toast';
import { trBlock } from '../locales/tr-block';
import { Alert } from './alert';
import { ConfirmDialog } from './confirm-dialog';

export interface BlockConfirmDialogProps {
  user: { id: string; username: string };
  /** True: the viewer blocks the account now, and the dialog asks to unblock it. */
  unblock?: boolean;
  onClose: () => void;
  /** After the server said yes (the toast is shown here). */
  onDone?: (blocking: boolean) => void;
}

/**
 * `@ayse engellensin mi?` (or its unblocking twin): Vazgeç has the focus; the confirm button is
 * the filled red one for a block. A refusal shows the server's Turkish text above the buttons.
 */
export function BlockConfirmDialog({ user, unblock = false, onClose, onDone }: BlockConfirmDialogProps) {
  const change = useSetBlock((blocking) => {
    showToast(blocking ? trBlock.blocked(user.username) : trBlock.unblocked(user.username));
    onClose();
    onDone?.(blocking);
  });
  return (
    <ConfirmDialog
      title={unblock ? trBlock.unblockTitle(user.username) : trBlock.confirmTitle(user.username)}
      description={unblock ? trBlock.unblockText : trBlock.confirmText}
      confirmLabel={change.isPending ? (unblock ? trBlock.unblocking : trBlock.blocking) : unblock ? trBlock.confirmUnblock : trBlock.confirm}
      cancelLabel={trBlock.cancel}
      destructive={!unblock}
      busy={change.isPending}
      onCancel={onClose}
      onConfirm={() => change.mutate({ userId: user.id, block: !unblock })}
    >
      {change.isError ? (
        <Alert tone="error" className="block-dialog__error">
          {errorText(change.error, trBlock.failed, trBlock.networkError)}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
