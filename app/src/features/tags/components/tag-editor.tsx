/**
 * The tag editor: one tag (or a new one) — name, colour, kind and the custom fields it carries — with a live preview
 * of the form its vehicles and devices get. Saves with /tag/save in one write.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormFields, useForm, type FieldDef } from '@/components/crud/form';
import { Button } from '@/components/ui/button';
import { Checkbox, Field, SelectInput } from '@/components/ui/fields';
import { EmptyState, LoadingState } from '@/components/ui/states';
import { useFields } from '../api/get-fields';
import { useTag } from '../api/get-tag';
import { useTags } from '../api/get-tags';
import { useSaveTag } from '../api/save-tag';
import { TAG_KINDS, type TagDetail } from '../types';
import { FieldInput } from './field-input';

interface TagValues {
  name: string;
  color: string;
  kind: string;
}

const COLOR = /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/;
const EMPTY: TagValues = { name: '', color: '', kind: 'vehicle' };

export function TagEditor({ initialId = null, onSaved }: { initialId?: number | null; onSaved?: (tag: TagDetail) => void }) {
  const { t } = useTranslation('tags');
  const tags = useTags({});
  const [id, setId] = useState<number | null>(initialId);
  const detail = useTag(id);
  const loaded = id === null ? null : detail.data?.id === id ? detail.data : undefined;
  return (
    <div className="space-y-4 p-4" data-testid="tag-editor">
      <Field label={t('editor.pick')} htmlFor="tag-editor-pick" className="max-w-md">
        <SelectInput
          id="tag-editor-pick"
          value={id ?? ''}
          onChange={(e) => {
            setId(e.target.value ? Number(e.target.value) : null);
          }}
        >
          <option value="">{t('tag.new')}</option>
          {(tags.data ?? []).map((tg) => (
            <option key={tg.id} value={tg.id}>
              {`${t(`kinds.${tg.kind}` as 'kinds.vehicle')} · ${tg.name}`}
            </option>
          ))}
        </SelectInput>
      </Field>
      {loaded === undefined ? (
        <LoadingState />
      ) : (
        <TagEditorForm
          key={loaded ? `${String(loaded.id)}-${String(detail.dataUpdatedAt)}` : 'new'}
          tag={loaded}
          onSaved={(saved) => {
            setId(saved.id);
            onSaved?.(saved);
          }}
        />
      )}
    </div>
  );
}

/** The editor's form for one loaded tag (or a new one); remounted when another tag is picked. */
function TagEditorForm({ tag, onSaved }: { tag: TagDetail | null; onSaved: (tag: TagDetail) => void }) {
  const { t } = useTranslation('tags');
  const fields = useFields();
  const save = useSaveTag();
  const form = useForm<TagValues>(tag ? { name: tag.name, color: tag.color, kind: tag.kind } : EMPTY);
  const [fieldIds, setFieldIds] = useState<number[]>(tag ? tag.fieldList.map((f) => f.id) : []);
  const defs: FieldDef<TagValues>[] = [
    { name: 'name', label: t('tag.name'), type: 'text', required: true, maxLength: 32 },
    { name: 'color', label: t('tag.color'), type: 'text', placeholder: '#ff8800', pattern: { re: COLOR, message: t('tag.colorInvalid') } },
    { name: 'kind', label: t('tag.kind'), type: 'select', required: true, options: TAG_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })) },
  ];
  const all = useMemo(() => fields.data ?? [], [fields.data]);
  const carried = all.filter((f) => fieldIds.includes(f.id));
  const toggle = (fid: number, on: boolean) => {
    setFieldIds((prev) => (on ? [...prev, fid] : prev.filter((x) => x !== fid)));
  };
  const submit = async () => {
    if (!form.validate(defs)) return;
    try {
      const saved = await save.mutateAsync({ ...(tag ? { id: tag.id } : {}), name: form.values.name.trim(), color: form.values.color.trim(), kind: form.values.kind, fieldIds });
      onSaved(saved);
    } catch (err) {
      form.refused(err);
    }
  };
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <form
        className="space-y-4"
        data-testid="tag-editor-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormFields fields={defs} form={form} />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t('editor.carries')}</legend>
          {all.length === 0 ? <p className="text-sm text-slate-500">{t('editor.noFields')}</p> : null}
          <ul className="grid gap-2 sm:grid-cols-2">
            {all.map((f) => (
              <li key={f.id}>
                <label className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm ring-1 ring-slate-200">
                  <Checkbox
                    checked={fieldIds.includes(f.id)}
                    onChange={(e) => {
                      toggle(f.id, e.target.checked);
                    }}
                    data-testid={`carry-${f.name}`}
                  />
                  <span>{f.name}</span>
                  <span className="text-xs text-slate-500">{t(`types.${f.type}`)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {t('editor.save')}
          </Button>
        </div>
      </form>
      <section aria-labelledby="tag-preview-title" className="rounded-lg bg-slate-50 p-4">
        <h4 id="tag-preview-title" className="mb-3 text-sm font-semibold text-slate-900">
          {t('editor.preview')}
        </h4>
        {carried.length === 0 ? (
          <EmptyState title={t('editor.previewEmpty')} />
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            {carried.map((f) => (
              <FieldInput key={f.id} field={f} value="" disabled idPrefix="tag-preview" />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
