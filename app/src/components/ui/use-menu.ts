/**
 * What a menu opened by a button does (role="menu"): a click outside closes it; on opening, the checked entry (else
 * the first) takes focus; arrow keys, Home and End move between the entries; Escape closes and gives focus back to the
 * button, Tab closes. The caller renders the button (`buttonRef`), the list (`listRef`, `menuId`, `onListKey`) inside
 * `rootRef`, and entries with a role starting with "menuitem".
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

const ENTRY = '[role^="menuitem"]';

export function useMenu() {
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
    const list = listRef.current;
    (list?.querySelector<HTMLElement>('[aria-checked="true"]') ?? list?.querySelector<HTMLElement>(ENTRY))?.focus();
    return () => {
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      close(e.key === 'Escape');
      return;
    }
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>(ENTRY) ?? [])];
    const i = items.findIndex((el) => el === document.activeElement);
    const next = { ArrowDown: (i + 1) % items.length, ArrowUp: (i - 1 + items.length) % items.length, Home: 0, End: items.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    items[next]?.focus();
  };

  return { open, setOpen, close, rootRef, buttonRef, listRef, menuId, onListKey };
}
