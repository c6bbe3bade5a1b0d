/** A labelled control of the stock dialogs with its error under it (`${id}-error`, which the control's aria-describedby names). */
import type { ReactNode } from 'react';

export function FieldBox({ id, label, error, required, className, children }: { id: string; label: string; error?: string; required?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <div className="mb-1 flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
        <label htmlFor={id}>{label}</label>
        {/* outside the label, so the field's name stays the plain text (as the kit's fields) */}
        {required ? (
          <span className="text-red-500" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
