/** The author's Edit and Delete buttons on their own content; Delete asks first (ConfirmDialog). */
import { type ReactNode, useState } from 'react';
import { FormattedMessage } from '../../lib/intl.tsx';
import { ConfirmDialog } from './dialogs.tsx';

export function OwnerActions({
  buttonClass,
  onEdit,
  onDelete,
  deleteTitle,
  deleteText,
}: {
  buttonClass: string;
  onEdit?: () => void;
  onDelete: () => void;
  deleteTitle: ReactNode;
  deleteText?: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {/* data-edit: where the focus comes back when the edit ends (lib/editing.ts). */}
      <button type="button" className={buttonClass} onClick={onEdit} data-edit>
        <FormattedMessage id="common.edit" />
      </button>
      <button type="button" className={`${buttonClass} text-red-700 dark:text-red-400`} onClick={() => setConfirming(true)}>
        <FormattedMessage id="common.delete" />
      </button>
      {confirming ? (
        // A modal dialog sits in the top layer, so where it stands in the markup does not matter.
        <ConfirmDialog
          title={deleteTitle}
          confirm={<FormattedMessage id="common.delete" />}
          onConfirm={onDelete}
          onClose={() => setConfirming(false)}
        >
          {deleteText}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
