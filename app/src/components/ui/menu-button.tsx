/**
 * A button that opens a short menu of actions (role="menu"): arrow keys, Home and End move between the entries,
 * Escape closes and gives focus back to the button, a click outside closes.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

import { cx } from './cx';
import { ChevronDownIcon } from './icons';

export interface MenuEntry {
  key: string;
  label: string;
  onSelect: () => void;
}

interface MenuButtonProps {
  label: string;
  icon?: ReactNode;
  entries: readonly MenuEntry[];
  /** Classes of the button. */
  className?: string;
  /** Where the list opens, relative to the button (default: below, left edges aligned). */
  menuClassName?: string;
  testId?: string;
}

export function MenuButton({ label, icon, entries, className, menuClassName, testId }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (rootRef.current && e.target instanceof Node && !rootRef.current.contains(e.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    listRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = items.findIndex((el) => el === document.activeElement);
    const next = { ArrowDown: (i + 1) % items.length, ArrowUp: (i - 1 + items.length) % items.length, Home: 0, End: items.length - 1 }[e.key];
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'Tab') setOpen(false);
    else if (next !== undefined) {
      e.preventDefault();
      items[next]?.focus();
    }
  };

  return (
    <div ref={rootRef} className="relative" data-testid={testId}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setOpen((o) => !o);
        }}
        className={cx('inline-flex items-center gap-1.5', className)}
      >
        {icon}
        {label}
        <ChevronDownIcon className="size-3.5 shrink-0 opacity-60" />
      </button>
      {open ? (
        <ul
          ref={listRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onListKey}
          className={cx('absolute top-full z-30 mt-1 min-w-44 overflow-hidden rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200', menuClassName ?? 'left-0')}
        >
          {entries.map((entry) => (
            <li key={entry.key} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  setOpen(false);
                  entry.onSelect();
                }}
                className="block w-full px-3 py-2 text-left text-sm whitespace-nowrap text-slate-700 hover:bg-slate-50 focus:bg-slate-100 focus:outline-none"
              >
                {entry.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
