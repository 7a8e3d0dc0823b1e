/**
 * A popup menu of links: a button that discloses a list (the disclosure pattern, so the choices stay ordinary links
 * that work and read as links). Opening focuses the current choice, or the first; the arrow keys, Home and End
 * move between choices; Escape closes and puts focus back on the button; so does a click outside, without moving
 * focus; tabbing out closes it. A choice navigates, and the menu closes with the page it was opened on.
 *
 * The list (MenuList) is drawn by `list` only while the menu is open. Its code, and the choices', can come from a
 * chunk of their own (LanguageSwitcher): `load` fetches it, and the menu opens once it is in, so the button never
 * says "expanded" over a list that is not there.
 */
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** What the open list needs from its menu (MenuList's props). */
export interface MenuListProps {
  id: string;
  /** Which choice takes the focus when the list shows. */
  from: 'current' | 'first' | 'last';
  button: RefObject<HTMLButtonElement | null>;
  close(): void;
}

export function Menu({
  label,
  trigger,
  triggerClassName,
  testId,
  load,
  list,
}: {
  /** The button's accessible name. */
  label: string;
  /** What the button shows. */
  trigger: ReactNode;
  triggerClassName: string;
  testId?: string;
  /** Resolves when `list` can draw the list (its chunk is loaded). */
  load?: () => Promise<unknown>;
  /** The open list: a MenuList holding one link per <li>. */
  list: (props: MenuListProps) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  // Which end to focus when the keyboard opened the menu with an arrow key.
  const [from, setFrom] = useState<MenuListProps['from']>('current');
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new location.
  useEffect(() => setOpen(false), [location.pathname]);

  function show(at: MenuListProps['from']) {
    const ready = load ? load() : Promise.resolve();
    // A list that could not load (offline, a new build) leaves the menu closed; the next press tries again.
    ready.then(
      () => {
        setFrom(at);
        setOpen(true);
      },
      () => {},
    );
  }

  function onButtonKey(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key === 'ArrowDown') show('first');
    else if (e.key === 'ArrowUp') show('last');
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
        // Only while the list is there: a reference to nothing is an error to assistive technology.
        aria-controls={open ? listId : undefined}
        aria-label={label}
        onClick={() => (open ? setOpen(false) : show('current'))}
        onKeyDown={onButtonKey}
        className={triggerClassName}
        data-testid={testId}
      >
        {trigger}
      </button>
      {open ? list({ id: listId, from, button, close: () => setOpen(false) }) : null}
    </div>
  );
}
