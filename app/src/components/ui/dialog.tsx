/**
 * A centred modal dialog (forms, confirmations, the login dialog). On phones (≤768 px) it fills the width and sits at
 * the bottom. Rendered only while open, so server markup never contains it.
 */
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { cx } from './cx';
import { CloseIcon } from './icons';
import { useModal } from './use-modal';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** alertdialog for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Hide the corner close button (the footer has the way out). */
  hideClose?: boolean;
  className?: string;
  testId?: string;
}

const SIZES = { sm: 'md:max-w-sm', md: 'md:max-w-lg', lg: 'md:max-w-2xl', xl: 'md:max-w-4xl' } as const;

export function Dialog({ open, onClose, title, description, children, footer, size = 'md', role = 'dialog', hideClose = false, className, testId }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useModal(open, panelRef, onClose);

  if (!open) return null;

  return (
    <div className="fixed inset-0 z-[55] flex items-end justify-center md:items-center md:p-6">
      <div className="animate-fade-in absolute inset-0 bg-slate-950/50 backdrop-blur-[1px]" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
        data-testid={testId}
        className={cx(
          'animate-fade-in relative flex max-h-[92dvh] w-full flex-col rounded-t-2xl bg-white shadow-2xl outline-none md:rounded-2xl',
          SIZES[size],
          className,
        )}
      >
        <div className="flex shrink-0 items-start justify-between gap-4 px-5 pt-5 pb-3">
          <div className="min-w-0">
            <h2 id={titleId} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            {description ? (
              <p id={descId} className="mt-1 text-sm text-slate-500">
                {description}
              </p>
            ) : null}
          </div>
          {hideClose ? null : (
            <button
              type="button"
              onClick={onClose}
              className="-mt-1 -mr-1 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label={t('actions.close')}
            >
              <CloseIcon />
            </button>
          )}
        </div>
        {children ? <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-4">{children}</div> : null}
        {footer ? <div className="flex shrink-0 flex-wrap justify-end gap-2 border-t border-slate-100 px-5 py-3">{footer}</div> : null}
      </div>
    </div>
  );
}
