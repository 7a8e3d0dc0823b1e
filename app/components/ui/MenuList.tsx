/** The open list of a Menu (app/components/ui/Menu.tsx): its focus, its keys, and closing on a click outside. */
import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import type { MenuListProps } from './Menu.tsx';

/** The room (px) kept between an open list and the sides of the screen. */
const MARGIN = 8;

export function MenuList({
  id,
  from,
  button,
  close,
  label,
  className,
  children,
}: MenuListProps & {
  /** The list's accessible name. */
  label: string;
  /** Layout of the list inside the shared popup box (columns, width). */
  className: string;
  /** The <li> items, each holding one link. */
  children: ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);

  // The list hangs from its button's end; where the header wrapped the button far from that side of a phone's
  // screen, the list would run off it. It moves back inside before it is painted.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const { left, right } = el.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const shift = left < MARGIN ? MARGIN - left : right > width - MARGIN ? width - MARGIN - right : 0;
    if (shift !== 0) el.style.translate = `${shift}px 0`;
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves when the list shows, not when its props change.
  useEffect(() => {
    const items = choices(list.current);
    const start =
      from === 'last'
        ? items.at(-1)
        : from === 'first'
          ? items[0]
          : (list.current?.querySelector<HTMLElement>('[aria-current="true"],[aria-current="page"]') ?? items[0]);
    start?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!button.current?.parentElement?.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, []);

  function onListKey(e: KeyboardEvent<HTMLUListElement>) {
    const items = choices(list.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (e.key === 'Escape') {
      close();
      button.current?.focus();
    } else if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(items.length - 1);
    else return;
    e.preventDefault();
  }

  return (
    <ul
      id={id}
      ref={list}
      onKeyDown={onListKey}
      aria-label={label}
      className={`absolute end-0 z-40 mt-2 max-h-[70vh] max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-stone-200 bg-white p-2 shadow-lg dark:border-stone-700 dark:bg-stone-900 ${className}`}
    >
      {children}
    </ul>
  );
}

function choices(list: HTMLUListElement | null): HTMLElement[] {
  return [...(list?.querySelectorAll<HTMLElement>('a[href],button:not(:disabled)') ?? [])];
}
