/**
 * The templates of an order type (`order_type_t`): the create form's extra fields (key, label, kind, required,
 * options for a select), their defaults (plus title, priority, grade and the due time in hours) and the dispose form.
 * The server checks keys (present, unique), kinds and options, and names the refused field.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox, Field, SelectInput, TextInput } from '@/components/ui/fields';
import { ChevronDownIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import type { OrderType, TemplateField } from '@/lib/api-types';
import { ApiError } from '@/lib/query';
import { toText } from '@/lib/request/client';
import { useSaveTemplates } from '../api/save-templates';
import { PRIORITIES, GRADES } from '../model';
import { useWorkLabels } from './badges';

export const FIELD_KINDS = ['text', 'textarea', 'number', 'date', 'select', 'image', 'position'] as const;

type Tab = 'fields' | 'defaults' | 'dispose';

export function TemplateEditor({ type, onClose }: { type: OrderType; onClose: () => void }) {
  const { t } = useTranslation('work');
  const { t: tc } = useTranslation('crud');
  const { t: tcommon } = useTranslation('common');
  const save = useSaveTemplates();
  const [tab, setTab] = useState<Tab>('fields');
  const [fields, setFields] = useState<TemplateField[]>(type.fields);
  const [dispose, setDispose] = useState<TemplateField[]>(type.dispose);
  const [defaults, setDefaults] = useState<Record<string, unknown>>(type.defaults);
  const [error, setError] = useState<string | null>(null);
  const readOnly = type.builtIn;

  const submit = async () => {
    setError(null);
    const clean = (d: Record<string, unknown>) => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== '' && v !== null && v !== undefined));
    try {
      await save.mutateAsync({ typeId: type.id, fields, dispose, defaults: clean(defaults) });
      onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        setError(err.message);
        if (err.field?.startsWith('dispose')) setTab('dispose');
        else if (err.field?.startsWith('defaults')) setTab('defaults');
        else if (err.field?.startsWith('fields')) setTab('fields');
      }
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      title={t('types.templatesOf', { name: type.name })}
      description={readOnly ? t('types.builtInNote') : undefined}
      testId="template-editor"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{readOnly ? tcommon('actions.close') : tc('cancel')}</Button>
          {readOnly ? null : (
            <Button variant="accent" disabled={save.isPending} onClick={() => void submit()} data-testid="template-save">
              {tc('save')}
            </Button>
          )}
        </>
      }
    >
      <Tabs<Tab>
        tabs={[
          { id: 'fields', label: t('types.fields') },
          { id: 'defaults', label: t('types.defaults') },
          { id: 'dispose', label: t('types.dispose') },
        ]}
        value={tab}
        onChange={setTab}
        label={t('types.templates')}
        idPrefix="template-tabs"
      />
      {error ? <p role="alert" className="mt-3 rounded-lg bg-red-50 p-2 text-sm text-red-700">{error}</p> : null}
      <TabPanel idPrefix="template-tabs" id={tab} active className="mt-3">
        {tab === 'fields' ? <FieldList value={fields} onChange={setFields} readOnly={readOnly} testId="template-fields" /> : null}
        {tab === 'dispose' ? <FieldList value={dispose} onChange={setDispose} readOnly={readOnly} testId="template-dispose" /> : null}
        {tab === 'defaults' ? <Defaults fields={fields} value={defaults} onChange={setDefaults} readOnly={readOnly} /> : null}
      </TabPanel>
    </Dialog>
  );
}

/** An editable list of template fields (key, label, kind, required, options for a choice); also a flow node's fields. */
export function FieldList({ value, onChange, readOnly, testId }: { value: TemplateField[]; onChange: (v: TemplateField[]) => void; readOnly: boolean; testId: string }) {
  const { t } = useTranslation('work');
  const set = (i: number, patch: Partial<TemplateField>) => {
    onChange(value.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  };
  const move = (i: number) => {
    if (i <= 0) return;
    const next = [...value];
    const [f] = next.splice(i, 1);
    if (f) next.splice(i - 1, 0, f);
    onChange(next);
  };
  return (
    <div className="space-y-2" data-testid={testId}>
      {value.length === 0 ? <p className="text-sm text-slate-500">{t('types.noFields')}</p> : null}
      {value.map((f, i) => (
        <fieldset key={i} disabled={readOnly} className="grid grid-cols-2 items-end gap-2 rounded-lg p-3 ring-1 ring-slate-200 md:grid-cols-[1fr_1fr_9rem_auto_auto]">
          <legend className="sr-only">{f.label || f.key || t('types.field', { n: i + 1 })}</legend>
          <Field label={t('types.key')} htmlFor={`${testId}-${String(i)}-key`}>
            <TextInput id={`${testId}-${String(i)}-key`} value={f.key} maxLength={64} onChange={(e) => { set(i, { key: e.target.value.trim() }); }} />
          </Field>
          <Field label={t('types.label')} htmlFor={`${testId}-${String(i)}-label`}>
            <TextInput id={`${testId}-${String(i)}-label`} value={f.label} maxLength={64} onChange={(e) => { set(i, { label: e.target.value }); }} />
          </Field>
          <Field label={t('types.kind')} htmlFor={`${testId}-${String(i)}-kind`}>
            <SelectInput id={`${testId}-${String(i)}-kind`} value={f.kind ?? 'text'} onChange={(e) => { set(i, { kind: e.target.value }); }}>
              {FIELD_KINDS.map((k) => <option key={k} value={k}>{t(`types.kinds.${k}`)}</option>)}
            </SelectInput>
          </Field>
          <label className="flex h-10 items-center gap-2 text-sm text-slate-700">
            <Checkbox checked={f.required ?? false} onChange={(e) => { set(i, { required: e.target.checked }); }} />
            {t('types.required')}
          </label>
          <div className="flex h-10 items-center gap-1">
            <button type="button" aria-label={t('types.moveUp')} disabled={i === 0} className="grid size-9 rotate-180 place-items-center rounded text-slate-500 hover:bg-slate-100 disabled:opacity-30" onClick={() => { move(i); }}>
              <ChevronDownIcon className="size-4" />
            </button>
            <button type="button" aria-label={t('types.removeField')} className="grid size-9 place-items-center rounded text-slate-500 hover:bg-slate-100 hover:text-red-600" onClick={() => { onChange(value.filter((_, j) => j !== i)); }}>
              <TrashIcon className="size-4" />
            </button>
          </div>
          {f.kind === 'select' ? (
            <Field label={t('types.options')} htmlFor={`${testId}-${String(i)}-options`} hint={t('types.optionsHint')} className="col-span-2 md:col-span-5">
              <TextInput
                id={`${testId}-${String(i)}-options`}
                defaultValue={(f.options ?? []).join(', ')}
                onBlur={(e) => { set(i, { options: e.target.value.split(/[,，]/).map((s) => s.trim()).filter(Boolean) }); }}
              />
            </Field>
          ) : null}
        </fieldset>
      ))}
      {readOnly ? null : (
        <Button variant="secondary" size="sm" onClick={() => { onChange([...value, { key: '', label: '', kind: 'text', required: false, options: [] }]); }} data-testid={`${testId}-add`}>
          <PlusIcon className="size-4" />
          {t('types.addField')}
        </Button>
      )}
    </div>
  );
}

function Defaults({ fields, value, onChange, readOnly }: { fields: readonly TemplateField[]; value: Record<string, unknown>; onChange: (v: Record<string, unknown>) => void; readOnly: boolean }) {
  const { t } = useTranslation('work');
  const { t: tc } = useTranslation('crud');
  const set = (k: string, v: unknown) => {
    onChange({ ...value, [k]: v });
  };
  const labels = useWorkLabels();
  const num = (s: string) => (s === '' ? '' : Number(s));
  return (
    <fieldset disabled={readOnly} className="grid gap-3 md:grid-cols-2">
      <Field label={t('field.title')} htmlFor="default-title">
        <TextInput id="default-title" value={toText(value.title ?? '')} onChange={(e) => { set('title', e.target.value); }} />
      </Field>
      <Field label={t('types.dueHours')} htmlFor="default-due">
        <TextInput id="default-due" type="number" min={0} value={toText(value.dueHours ?? '')} onChange={(e) => { set('dueHours', num(e.target.value)); }} />
      </Field>
      <Field label={t('field.priority')} htmlFor="default-priority">
        <SelectInput id="default-priority" value={toText(value.priority ?? '')} onChange={(e) => { set('priority', num(e.target.value)); }}>
          <option value="">{tc('select')}</option>
          {PRIORITIES.map((p) => <option key={p} value={p}>{labels.priority(p)}</option>)}
        </SelectInput>
      </Field>
      <Field label={t('field.grade')} htmlFor="default-grade">
        <SelectInput id="default-grade" value={toText(value.grade ?? '')} onChange={(e) => { set('grade', num(e.target.value)); }}>
          <option value="">{tc('select')}</option>
          {GRADES.map((g) => <option key={g} value={g}>{labels.grade(g)}</option>)}
        </SelectInput>
      </Field>
      {fields
        .filter((f) => f.key !== '' && f.kind !== 'image')
        .map((f) => (
          <Field key={f.key} label={f.label || f.key} htmlFor={`default-f-${f.key}`}>
            {f.kind === 'select' ? (
              <SelectInput id={`default-f-${f.key}`} value={toText(value[f.key] ?? '')} onChange={(e) => { set(f.key, e.target.value); }}>
                <option value="">{tc('select')}</option>
                {(f.options ?? []).map((o) => <option key={o} value={o}>{o}</option>)}
              </SelectInput>
            ) : (
              <TextInput
                id={`default-f-${f.key}`}
                type={f.kind === 'number' ? 'number' : f.kind === 'date' ? 'date' : 'text'}
                value={toText(value[f.key] ?? '')}
                onChange={(e) => { set(f.key, f.kind === 'number' ? num(e.target.value) : e.target.value); }}
              />
            )}
          </Field>
        ))}
    </fieldset>
  );
}
