/**
 * A modal side panel: focus moves into it, Escape or the backdrop closes it, focus returns to the opener, and the
 * page behind does not scroll. Rendered only while open, so server markup never contains it.
 */
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { cx } from './cx';
import { CloseIcon } from './icons';
import { useModal } from './use-modal';

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  side?: 'left' | 'right';
  children: ReactNode;
  className?: string;
  /** Footer (actions), pinned below the scrolling body. */
  footer?: ReactNode;
  /** Visually hide the title bar (the panel keeps its accessible name). */
  bare?: boolean;
}

export function Drawer({ open, onClose, title, side = 'right', children, className, footer, bare = false }: DrawerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useModal(open, panelRef, onClose);

  if (!open) return null;

  return (
    <div className="fixed inset-0 z-50">
      <div className="animate-fade-in absolute inset-0 bg-slate-950/50 backdrop-blur-[1px]" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx(
          'absolute inset-y-0 flex w-80 max-w-[85vw] flex-col bg-white shadow-2xl outline-none',
          side === 'left' ? 'animate-slide-in-left left-0' : 'animate-slide-in-right right-0',
          className,
        )}
      >
        <div className={cx('flex h-14 shrink-0 items-center justify-between border-b border-slate-200 px-4', bare && 'sr-only')}>
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            aria-label={t('actions.close')}
          >
            <CloseIcon />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        {footer ? <div className="flex shrink-0 justify-end gap-2 border-t border-slate-200 px-4 py-3">{footer}</div> : null}
      </div>
    </div>
  );
}
