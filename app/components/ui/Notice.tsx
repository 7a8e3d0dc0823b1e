/** Small parts shared by the toasts and the crisis notice. */

/**
 * The key that reaches a control from anywhere on the page (F6 for a toast's action or the pinned crisis notice),
 * shown to those with a fine pointer (a mouse, so likely a keyboard); hidden from screen readers, to whom the
 * control names it with `aria-keyshortcuts`.
 */
export function KeyHint({ children }: { children: string }) {
  return (
    <span
      aria-hidden="true"
      className="hidden rounded border border-stone-300 px-1 font-sans text-xs text-stone-500 pointer-fine:inline dark:border-stone-700 dark:text-stone-400"
    >
      {children}
    </span>
  );
}

/** The × that hides a notice or a toast, named for screen readers by `label`. */
export function HideButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="rounded-full px-2 text-lg leading-none text-stone-500 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100"
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}
