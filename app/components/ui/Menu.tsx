/**
 * A popup menu of links: a button that discloses a list (the disclosure pattern, so the choices stay ordinary links
 * that work and read as links). Opening focuses the current choice, or the first; the arrow keys, Home and End
 * move between choices; Escape closes and puts focus back on the button; so does a click outside, without moving
 * focus; tabbing out closes it. A choice navigates, and the menu closes with the page it was opened on.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

export function Menu({
  label,
  listLabel,
  trigger,
  triggerClassName,
  listClassName,
  testId,
  children,
}: {
  /** The button's accessible name. */
  label: string;
  /** The list's accessible name. */
  listLabel: string;
  /** What the button shows. */
  trigger: ReactNode;
  triggerClassName: string;
  /** Layout of the list inside the shared popup box (columns, width). */
  listClassName: string;
  testId?: string;
  /** The <li> items, each holding one link. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Which end to focus when the keyboard opened the menu with an arrow key.
  const from = useRef<'current' | 'first' | 'last'>('current');
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new location.
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const items = choices(list.current);
    const start =
      from.current === 'last'
        ? items.at(-1)
        : from.current === 'first'
          ? items[0]
          : (list.current?.querySelector<HTMLElement>('[aria-current="true"],[aria-current="page"]') ?? items[0]);
    start?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!button.current?.parentElement?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function show(at: 'current' | 'first' | 'last') {
    from.current = at;
    setOpen(true);
  }

  function onButtonKey(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key === 'ArrowDown') show('first');
    else if (e.key === 'ArrowUp') show('last');
    else return;
    e.preventDefault();
  }

  function onListKey(e: KeyboardEvent<HTMLUListElement>) {
    const items = choices(list.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (e.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(items.length - 1);
    else return;
    e.preventDefault();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the menu closes it; the button and links inside are the controls.
    <div
      className="relative"
      onBlur={(e) => {
        if (open && e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={label}
        onClick={() => (open ? setOpen(false) : show('current'))}
        onKeyDown={onButtonKey}
        className={triggerClassName}
        data-testid={testId}
      >
        {trigger}
      </button>
      {open ? (
        <ul
          id={listId}
          ref={list}
          onKeyDown={onListKey}
          aria-label={listLabel}
          className={`absolute end-0 z-40 mt-2 max-h-[70vh] overflow-y-auto rounded-xl border border-stone-200 bg-white p-2 shadow-lg dark:border-stone-700 dark:bg-stone-900 ${listClassName}`}
        >
          {children}
        </ul>
      ) : null}
    </div>
  );
}

function choices(list: HTMLUListElement | null): HTMLElement[] {
  return [...(list?.querySelectorAll<HTMLElement>('a[href],button:not(:disabled)') ?? [])];
}
