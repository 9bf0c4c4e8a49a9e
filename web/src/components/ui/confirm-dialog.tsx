import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  /** Called on Cancel, Escape and a click outside. */
  onCancel: () => void;
  onConfirm: () => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while the action runs ('Deleting...'); it is disabled meanwhile. */
  busyLabel?: string;
  busy?: boolean;
  /** Destructive actions get the red button. */
  destructive?: boolean;
  children?: ReactNode;
};

/**
 * 'Are you sure?': a title, what will happen, Cancel and the action. Focus is trapped in the
 * dialog and returns to the trigger (Radix); the action is disabled while it runs, so it cannot
 * be confirmed twice.
 */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy = false,
  destructive = false,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            variant={destructive ? 'destructive' : 'primary'}
            disabled={busy}
            onClick={onConfirm}
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
