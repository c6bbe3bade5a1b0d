/** Creates or edits one custom field (the field editor and the schema page's field form); server refusals show under their field. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { FormFields, useForm } from '@/components/crud/form';
import { Button } from '@/components/ui/button';
import { useSaveField } from '../api/save-field';
import type { TagFieldRow } from '../types';
import { EMPTY_FIELD, fieldDefs, fieldInput, fieldValues } from './field-defs';

export function FieldForm({ field, onSaved }: { field: TagFieldRow | null; onSaved?: (saved: TagFieldRow) => void }) {
  const { t } = useTranslation('tags');
  const save = useSaveField();
  const form = useForm(field ? fieldValues(field) : EMPTY_FIELD);
  const { reset } = form;
  useEffect(() => { reset(field ? fieldValues(field) : EMPTY_FIELD); }, [field, reset]);
  const defs = fieldDefs(t);
  const submit = async () => {
    if (!form.validate(defs)) return;
    try {
      const saved = await save.mutateAsync(fieldInput(form.values, field?.id));
      if (!field) reset(EMPTY_FIELD);
      onSaved?.(saved);
    } catch (err) {
      // the request layer has shown the refusal; one about a field also shows under it
      form.refused(err);
    }
  };
  return (
    <form
      data-testid="tag-field-form"
      className="space-y-4 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormFields fields={defs} form={form} />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {field ? t('field.edit') : t('field.add')}
        </Button>
      </div>
    </form>
  );
}
