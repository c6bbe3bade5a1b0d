/** Form controls with one look: text, select, textarea, switch, checkbox, and the labelled field wrapper. */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

import { cx } from './cx';

export const controlClass =
  'block w-full rounded-lg border-0 bg-white px-3 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-accent focus:outline-none focus:ring-inset disabled:bg-slate-50 disabled:text-slate-500 aria-[invalid=true]:ring-red-400';

export function TextInput({ className, ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cx(controlClass, 'h-10', className)} {...rest} />;
}

export function SelectInput({ className, children, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select className={cx(controlClass, 'h-10 pr-8', className)} {...rest}>
      {children}
    </select>
  );
}

export function TextArea({ className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cx(controlClass, 'min-h-20 py-2', className)} {...rest} />;
}

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  id?: string;
  disabled?: boolean;
  /** Show the label next to the switch (otherwise it is the accessible name only). */
  showLabel?: boolean;
}

export function Switch({ checked, onChange, label, id, disabled, showLabel = false }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      aria-label={showLabel ? undefined : label}
      disabled={disabled}
      onClick={() => {
        onChange(!checked);
      }}
      className="group inline-flex items-center gap-2 disabled:cursor-not-allowed disabled:opacity-60"
    >
      <span
        className={cx(
          'relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors',
          checked ? 'bg-accent' : 'bg-slate-300',
        )}
      >
        <span className={cx('absolute top-0.5 size-4 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-4.5' : 'translate-x-0.5')} />
      </span>
      {showLabel ? <span className="text-left text-sm text-slate-700">{label}</span> : null}
    </button>
  );
}

export function Checkbox({ className, ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  return <input type="checkbox" className={cx('accent-accent size-4 rounded border-slate-300', className)} {...rest} />;
}

interface FieldProps {
  label: ReactNode;
  htmlFor?: string;
  error?: string | null;
  errorId?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
  className?: string;
}

export function Field({ label, htmlFor, error, errorId, hint, required, children, className }: FieldProps) {
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
        <label htmlFor={htmlFor}>{label}</label>
        {/* outside the label, so the field's name stays the plain text (required-ness is aria-required) */}
        {required ? (
          <span className="text-red-500" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {children}
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-600" data-testid="field-error">
          {error}
        </p>
      ) : hint ? (
        <p className="mt-1 text-xs text-slate-500">{hint}</p>
      ) : null}
    </div>
  );
}
