/** Asks before something cannot be undone (deleting). */
import type { ReactNode } from 'react';
import { FormattedMessage } from '../../lib/intl.tsx';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';

export function ConfirmDialog({
  title,
  children,
  confirm,
  onConfirm,
  onClose,
}: {
  title: ReactNode;
  children?: ReactNode;
  confirm: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={title} size="sm" onClose={onClose}>
      {children ? <div className="text-stone-600 dark:text-stone-300">{children}</div> : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          <FormattedMessage id="common.cancel" />
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {confirm}
        </Button>
      </div>
    </Dialog>
  );
}
