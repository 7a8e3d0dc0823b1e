/** Where the keyboard's focus can go, how a script puts it there, and whether it is lost: shared by the places that move it. */
import { type RefObject, useLayoutEffect, useRef } from 'react';

export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/**
 * The elements of `root` that Tab stops on, in order: focusable, not taken out of the order (tabindex -1), shown.
 * A group of radio buttons is one stop; any of its buttons stands for it.
 */
export function tabStops(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
}

/** Whether `a` and `b` are one Tab stop: the same element, or buttons of one radio group. */
export function sameStop(a: Element | null, b: Element | null): boolean {
  if (a === b) return true;
  return (
    a instanceof HTMLInputElement &&
    b instanceof HTMLInputElement &&
    a.type === 'radio' &&
    a.name !== '' &&
    a.name === b.name &&
    a.form === b.form
  );
}

/** Focus from a script: a heading or a message takes it without joining the Tab order (tabindex -1). */
export function focusFromScript(target: HTMLElement): void {
  if (!target.matches(FOCUSABLE)) target.setAttribute('tabindex', '-1');
  target.focus();
}

/**
 * Whether the focus is nowhere a person put it: on nothing, the page, its content (#main, where only a script puts
 * it), an element gone from the page, or inside a dialog that has closed.
 */
export function focusLost(): boolean {
  const active = document.activeElement;
  return (
    !active || active === document.body || active.id === 'main' || !active.isConnected || active.closest('dialog:not([open])') !== null
  );
}

/**
 * When a control is disabled while it holds the focus (a Send button whose text was emptied under the person, as an
 * ended session takes its draft), the focus goes to `fallback` instead of dropping to the page's start. `disabled`
 * is whether that control is.
 */
export function useFocusFallback(disabled: boolean, fallback: RefObject<HTMLElement | null>) {
  const was = useRef(disabled);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a ref; only the change to `disabled` matters.
  useLayoutEffect(() => {
    const became = disabled && !was.current;
    was.current = disabled;
    if (became && (document.activeElement?.matches(':disabled') || focusLost())) fallback.current?.focus();
  }, [disabled]);
}

/** Whether `node` can take the focus: in the top modal dialog while one is open, else anywhere on the page. */
export function inTopLayer(node: Element | null): boolean {
  const modal = [...document.querySelectorAll('dialog[open]')].filter((d) => d.matches(':modal')).at(-1);
  return !modal || Boolean(node && modal.contains(node));
}
