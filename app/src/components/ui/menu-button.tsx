/**
 * A button that opens a short menu of actions (role="menu"; keys and closing as `useMenu` says).
 */
import type { ReactNode } from 'react';

import { cx } from './cx';
import { ChevronDownIcon } from './icons';
import { useMenu } from './use-menu';

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
  const { open, setOpen, rootRef, buttonRef, listRef, menuId, onListKey } = useMenu();

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
