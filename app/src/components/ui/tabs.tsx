/** Accessible tabs (arrow keys move between them). The panels are the caller's, keyed by tab id. */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

import { cx } from './cx';

export interface TabDef<T extends string> {
  id: T;
  label: ReactNode;
}

interface TabsProps<T extends string> {
  tabs: readonly TabDef<T>[];
  value: T;
  onChange: (id: T) => void;
  label: string;
  /** Prefix for the tab/panel ids (unique per page). */
  idPrefix: string;
  variant?: 'pill' | 'line';
  className?: string;
}

export function Tabs<T extends string>({ tabs, value, onChange, label, idPrefix, variant = 'line', className }: TabsProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const i = tabs.findIndex((t) => t.id === value);
    let next = i;
    if (e.key === 'ArrowLeft') next = (i - 1 + tabs.length) % tabs.length;
    if (e.key === 'ArrowRight') next = (i + 1) % tabs.length;
    if (e.key === 'Home') next = 0;
    if (e.key === 'End') next = tabs.length - 1;
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.id);
    refs.current.get(tab.id)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className={cx(
        variant === 'pill' ? 'grid auto-cols-fr grid-flow-col rounded-lg bg-slate-100 p-1' : 'flex gap-1 overflow-x-auto border-b border-slate-200',
        className,
      )}
    >
      {tabs.map((tab) => {
        const selected = tab.id === value;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel-${tab.id}`}
            tabIndex={selected ? 0 : -1}
            onKeyDown={onKey}
            onClick={() => {
              onChange(tab.id);
            }}
            className={cx(
              'flex shrink-0 items-center justify-center gap-1.5 text-sm font-medium whitespace-nowrap transition-colors',
              variant === 'pill'
                ? cx('h-9 rounded-md px-3', selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-500 hover:text-slate-800')
                : cx('-mb-px h-10 border-b-2 px-3', selected ? 'border-accent text-accent' : 'border-transparent text-slate-500 hover:text-slate-800'),
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ idPrefix, id, active, children, className }: { idPrefix: string; id: string; active: boolean; children: ReactNode; className?: string }) {
  return (
    <div role="tabpanel" id={`${idPrefix}-panel-${id}`} aria-labelledby={`${idPrefix}-tab-${id}`} hidden={!active} className={className}>
      {active ? children : null}
    </div>
  );
}
