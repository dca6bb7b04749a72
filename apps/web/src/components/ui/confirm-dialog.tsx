import { useId, type ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Styles the confirm button as a destructive action. */
  danger?: boolean;
  /** While the action runs both buttons are disabled. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before an action, in a native modal <dialog>. Focus starts on 'Cancelar', so Enter
 * pressed by habit does not delete anything; Escape cancels.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancelar',
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      className="confirm-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <div id={bodyId} className="confirm-dialog__body">
        {children}
      </div>
      <div className="actions confirm-dialog__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={onCancel}
          disabled={busy}
          autoFocus
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? 'button button--danger' : 'button'}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
        >
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
