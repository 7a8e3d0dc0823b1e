/**
 * The app's buttons: one look per role instead of class strings copied into every screen. `buttonClass` styles
 * a link that acts as a button the same way.
 */
import type { ButtonHTMLAttributes } from 'react';

const VARIANTS = {
  /** The one main action of a form or screen. */
  primary: 'rounded-full bg-brand-600 font-medium text-white hover:bg-brand-700',
  /** A second action beside a primary one, or a standalone action that is not the point of the screen. */
  secondary: 'rounded-full border border-stone-300 hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800',
  /** Something that cannot be undone. */
  danger: 'rounded-full bg-red-700 font-medium text-white hover:bg-red-800',
  /** Cancel, and the actions under a card: no box until hovered. */
  ghost: 'rounded-full hover:bg-stone-100 dark:hover:bg-stone-800',
  /** Reads as a link in running text. */
  link: 'underline',
} as const;

const SIZES = {
  /** The row of actions under a card or comment (icon, label, count). */
  action: 'inline-flex items-center gap-1 px-3 py-1.5',
  xs: 'px-2 py-1',
  sm: 'px-3 py-1 text-sm',
  md: 'px-4 py-2',
  lg: 'px-5 py-2',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

export function buttonClass(variant: ButtonVariant = 'secondary', size: keyof typeof SIZES = 'md', extra?: string): string {
  // A link-styled button sits in text, so it takes no padding.
  const sized = variant === 'link' ? VARIANTS.link : `${VARIANTS[variant]} ${SIZES[size]}`;
  return `${sized} disabled:opacity-60 aria-disabled:opacity-60${extra ? ` ${extra}` : ''}`;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  type = 'button',
  className,
  disabled,
  onClick,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: keyof typeof SIZES;
  /**
   * While its action runs: not pressable again, and announced as busy. Not `disabled`: a disabled button drops the
   * keyboard focus to the page's start, and the person pressing "Show more" or "Unblock" has to find their place.
   */
  busy?: boolean;
}) {
  return (
    <button
      type={type}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      // A press while busy does nothing, a form's submission (Enter in a field presses its submit button) included.
      onClick={busy ? (e) => e.preventDefault() : onClick}
      className={buttonClass(variant, size, className)}
      {...props}
    />
  );
}
