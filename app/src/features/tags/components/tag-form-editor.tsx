/**
 * Fills a tag's custom fields for one tagged vehicle or device (/tag/form, /tag/setValues). Values are checked by the
 * server by type; a refusal shows under its field.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Field, SelectInput } from '@/components/ui/fields';
import { EmptyState, LoadingState } from '@/components/ui/states';
import { ApiError } from '@/lib/query';
import { useTagForm, type TagFormTarget } from '../api/get-tag-form';
import { useTags } from '../api/get-tags';
import { useSetTagValues } from '../api/set-tag-values';
import type { TagChip, TagForm } from '../types';
import { FieldInput } from './field-input';
import type { PickedTarget } from './target-picker';

export function TagFormEditor({ picked }: { picked: PickedTarget }) {
  const { t } = useTranslation('tags');
  const vehicleTags = useTags({ vehicleId: picked.target.id }, picked.kind === 'vehicle');
  const carried: TagChip[] = picked.kind === 'vehicle' ? (vehicleTags.data ?? []) : picked.target.tags;
  const [tagId, setTagId] = useState<number | null>(null);
  const current = tagId !== null && carried.some((c) => c.id === tagId) ? tagId : (carried[0]?.id ?? null);
  const target = current === null ? null : { tagId: current, ...(picked.kind === 'vehicle' ? { vehicleId: picked.target.id } : { deviceId: picked.target.id }) };
  const form = useTagForm(target);
  if (picked.kind === 'vehicle' && vehicleTags.isPending) return <LoadingState />;
  if (carried.length === 0) return <EmptyState title={t('form.noTags')} />;
  return (
    <div className="space-y-4" data-testid="tag-form">
      <Field label={t('form.tag')} htmlFor="tag-form-tag" className="max-w-sm">
        <SelectInput
          id="tag-form-tag"
          value={current ?? ''}
          onChange={(e) => {
            setTagId(Number(e.target.value));
          }}
        >
          {carried.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectInput>
      </Field>
      {target && form.data ? <ValuesForm key={`${String(target.tagId)}-${String(form.dataUpdatedAt)}`} target={target} form={form.data} /> : <LoadingState />}
    </div>
  );
}

/** The values of one loaded form; remounted when another tag is picked or the form is read again. */
function ValuesForm({ target, form }: { target: TagFormTarget; form: TagForm }) {
  const { t } = useTranslation('tags');
  const save = useSetTagValues();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(form.fields.map((f) => [String(f.id), f.value ?? ''])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    setErrors({});
    try {
      await save.mutateAsync({ ...target, values });
    } catch (err) {
      if (err instanceof ApiError && err.field?.startsWith('values.')) setErrors({ [err.field.slice('values.'.length)]: err.message });
    }
  };
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {form.fields.length === 0 ? <EmptyState title={t('editor.previewEmpty')} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {form.fields.map((f) => (
          <FieldInput
            key={f.id}
            field={f}
            idPrefix="tag-form"
            value={values[String(f.id)] ?? ''}
            error={errors[String(f.id)]}
            onChange={(v) => {
              setValues((prev) => ({ ...prev, [String(f.id)]: v }));
            }}
          />
        ))}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
}
