/**
 * Create/edit dialog of the CRUD kit: fields in, `onSubmit(values)` out. The dialog stays open when onSubmit throws
 * (the request layer has already said why) and closes when it resolves.
 */
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SpinnerIcon } from '@/components/ui/icons';
import { FormFields, useForm, type FieldDef, type FormValues } from './form';

interface FormDialogProps<V extends FormValues> {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  fields: readonly FieldDef<V>[];
  initialValues: V;
  onSubmit: (values: V) => Promise<unknown>;
  submitLabel?: string;
  size?: 'sm' | 'md' | 'lg';
  columns?: 1 | 2;
  testId?: string;
}

function FormDialogBody<V extends FormValues>({ onClose, title, description, fields, initialValues, onSubmit, submitLabel, size = 'lg', columns = 2, testId }: Omit<FormDialogProps<V>, 'open'>) {
  const { t } = useTranslation('crud');
  const form = useForm<V>(initialValues);
  const [busy, setBusy] = useState(false);
  const formId = `form-${testId ?? 'dialog'}`;

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !form.validate(fields)) return;
    setBusy(true);
    try {
      await onSubmit(form.values);
      onClose();
    } catch (err) {
      form.refused(err);
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      size={size}
      testId={testId}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} variant="accent" disabled={busy} aria-busy={busy}>
            {busy ? <SpinnerIcon className="size-4 animate-spin" /> : null}
            {submitLabel ?? t('save')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => {
          void submit(e);
        }}
      >
        <FormFields fields={fields} form={form} columns={columns} />
      </form>
    </Dialog>
  );
}

export function FormDialog<V extends FormValues>({ open, ...rest }: FormDialogProps<V>) {
  // mounted only while open: every opening starts from initialValues
  return open ? <FormDialogBody {...rest} /> : null;
}
