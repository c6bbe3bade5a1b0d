/**
 * An inline form of the CRUD kit (settings pages, page versions of dialogs): fields in, `onSubmit(values)` out, one
 * Save button. Values stay as typed when onSubmit throws (the request layer has already said why). Give it a `key`
 * to start again from new initial values.
 */
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/icons';
import { FormFields, useForm, type FieldDef, type FormValues } from './form';

interface FormPanelProps<V extends FormValues> {
  fields: readonly FieldDef<V>[];
  initialValues: V;
  onSubmit: (values: V) => Promise<unknown>;
  submitLabel?: string;
  columns?: 1 | 2;
  /** Read-only (the role may not edit): no Save button, every field disabled. */
  readOnly?: boolean;
  /** Next to the Save button (e.g. a Cancel link). */
  extraActions?: ReactNode;
  testId?: string;
  label?: string;
}

export function FormPanel<V extends FormValues>({ fields, initialValues, onSubmit, submitLabel, columns = 2, readOnly = false, extraActions, testId, label }: FormPanelProps<V>) {
  const { t } = useTranslation('crud');
  const form = useForm<V>(initialValues);
  const [busy, setBusy] = useState(false);
  const shown = readOnly ? fields.map((f) => ({ ...f, disabled: true })) : fields;

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (readOnly || busy || !form.validate(fields)) return;
    setBusy(true);
    try {
      await onSubmit(form.values);
    } catch (err) {
      // refused: keep what was typed, and show a refusal about a field under it
      form.refused(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={label}
      data-testid={testId}
      onSubmit={(e) => {
        void submit(e);
      }}
    >
      <FormFields fields={shown} form={form} columns={columns} />
      {readOnly && !extraActions ? null : (
        <div className="mt-5 flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
          {extraActions}
          {readOnly ? null : (
            <Button type="submit" variant="accent" disabled={busy} aria-busy={busy}>
              {busy ? <SpinnerIcon className="size-4 animate-spin" /> : null}
              {submitLabel ?? t('save')}
            </Button>
          )}
        </div>
      )}
    </form>
  );
}
