/** A labelled control of the stock dialogs: the kit's Field with its error at `${id}-error` (which the control's aria-describedby names). */
import type { ReactNode } from 'react';

import { Field } from '@/components/ui/fields';

export function FieldBox({ id, label, error, required, className, children }: { id: string; label: string; error?: string; required?: boolean; className?: string; children: ReactNode }) {
  return (
    <Field label={label} htmlFor={id} error={error} errorId={`${id}-error`} required={required} className={className}>
      {children}
    </Field>
  );
}
