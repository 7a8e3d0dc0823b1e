/** Asks before something cannot be undone (deleting). */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { FormattedMessage } from 'react-intl';

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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => ref.current?.showModal(), []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-2xl bg-white p-5 text-stone-900 backdrop:bg-black/40 dark:bg-stone-900 dark:text-stone-100"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {children ? <div className="mt-2 text-stone-600 dark:text-stone-300">{children}</div> : null}
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" onClick={onClose} className="rounded-full px-4 py-2">
          <FormattedMessage id="common.cancel" />
        </button>
        <button
          type="button"
          onClick={() => {
            onConfirm();
            onClose();
          }}
          className="rounded-full bg-red-700 px-4 py-2 font-medium text-white"
        >
          {confirm}
        </button>
      </div>
    </dialog>
  );
}
