/**
 * A labelled form control with its hint and error tied to it: the control gets the label's `id`, is described by
 * the hint and the error, and is marked invalid while there is an error, so a screen reader reads all of it.
 */
import { type ReactNode, useId } from 'react';

/** The look of a text input, textarea or select. */
export const controlClass = 'rounded-lg border border-stone-300 bg-white px-3 py-2 dark:border-stone-700 dark:bg-stone-950';

export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export function Field({
  label,
  hint,
  error,
  errorId,
  className = 'flex flex-col gap-1',
  labelClassName = 'text-sm',
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  /** This field's own error, shown under it. */
  error?: ReactNode;
  /** An error shown elsewhere that concerns this field too (one message for a whole sign-in form). */
  errorId?: string;
  className?: string;
  labelClassName?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const ownErrorId = `${id}-error`;
  const described = [hint ? hintId : null, error ? ownErrorId : null, errorId ?? null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children({
        id,
        'aria-describedby': described || undefined,
        'aria-invalid': error || errorId ? true : undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-stone-600 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ownErrorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
