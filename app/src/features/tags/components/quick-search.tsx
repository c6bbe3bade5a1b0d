/** Quick search: vehicles (or devices) carrying every chosen tag, optionally with a field condition; paged. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Pager } from '@/components/crud/pager';
import { Button } from '@/components/ui/button';
import { Checkbox, Field, SelectInput, TextInput } from '@/components/ui/fields';
import { EmptyState } from '@/components/ui/states';
import { useFields } from '../api/get-fields';
import { useTags } from '../api/get-tags';
import { useTagSearch, type TagSearchParams } from '../api/search-tags';
import type { TagTargetKind } from '../types';
import { TagChip } from './tag-chip';

export function QuickSearch() {
  const { t } = useTranslation('tags');
  const [target, setTarget] = useState<TagTargetKind>('vehicle');
  const tags = useTags({ kind: target });
  const fields = useFields();
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [fieldId, setFieldId] = useState<number | null>(null);
  const [op, setOp] = useState<'eq' | 'range'>('eq');
  const [value, setValue] = useState('');
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const [asked, setAsked] = useState<TagSearchParams | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const result = useTagSearch(asked ? { ...asked, page, pageSize } : null);
  const field = (fields.data ?? []).find((f) => f.id === fieldId) ?? null;
  const ranged = field !== null && (field.type === 'number' || field.type === 'date');
  const inputType = field?.type === 'date' ? 'date' : 'text';
  const run = () => {
    setPage(1);
    setAsked({
      target,
      tagIds,
      ...(field ? { field: { fieldId: field.id, op: ranged ? op : 'eq', ...(ranged && op === 'range' ? { min, max } : { value }) } } : {}),
    });
  };
  return (
    <div className="space-y-4 p-4" data-testid="quick-search">
      <div className="grid gap-3 md:grid-cols-3">
        <Field label={t('picker.target')} htmlFor="qs-target">
          <SelectInput
            id="qs-target"
            value={target}
            onChange={(e) => {
              setTarget(e.target.value === 'device' ? 'device' : 'vehicle');
              setTagIds([]);
            }}
          >
            <option value="vehicle">{t('targets.vehicle')}</option>
            <option value="device">{t('targets.device')}</option>
          </SelectInput>
        </Field>
        <Field label={t('search.field')} htmlFor="qs-field">
          <SelectInput id="qs-field" value={fieldId ?? ''} onChange={(e) => { setFieldId(e.target.value ? Number(e.target.value) : null); }}>
            <option value="">{t('search.noField')}</option>
            {(fields.data ?? []).map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </SelectInput>
        </Field>
        {ranged ? (
          <Field label={t('search.op')} htmlFor="qs-op">
            <SelectInput id="qs-op" value={op} onChange={(e) => { setOp(e.target.value === 'range' ? 'range' : 'eq'); }}>
              <option value="eq">{t('search.eq')}</option>
              <option value="range">{t('search.range')}</option>
            </SelectInput>
          </Field>
        ) : null}
        {field && ranged && op === 'range' ? (
          <>
            <Field label={t('search.min')} htmlFor="qs-min">
              <TextInput id="qs-min" type={inputType} value={min} onChange={(e) => { setMin(e.target.value); }} />
            </Field>
            <Field label={t('search.max')} htmlFor="qs-max">
              <TextInput id="qs-max" type={inputType} value={max} onChange={(e) => { setMax(e.target.value); }} />
            </Field>
          </>
        ) : field ? (
          <Field label={t('search.value')} htmlFor="qs-value">
            {field.type === 'choice' ? (
              <SelectInput id="qs-value" value={value} onChange={(e) => { setValue(e.target.value); }}>
                <option value="">{t('form.choose')}</option>
                {field.options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </SelectInput>
            ) : (
              <TextInput id="qs-value" type={inputType} value={value} onChange={(e) => { setValue(e.target.value); }} />
            )}
          </Field>
        ) : null}
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('search.tags')}</legend>
        <ul className="flex flex-wrap gap-2">
          {(tags.data ?? []).map((c) => (
            <li key={c.id}>
              <label className="flex min-h-11 items-center gap-2 rounded-lg px-2 ring-1 ring-slate-200">
                <Checkbox
                  checked={tagIds.includes(c.id)}
                  data-testid={`qs-tag-${c.name}`}
                  onChange={(e) => { setTagIds((prev) => (e.target.checked ? [...prev, c.id] : prev.filter((x) => x !== c.id))); }}
                />
                <TagChip name={c.name} color={c.color} />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex items-center justify-end gap-3">
        {tagIds.length === 0 ? <span className="text-sm text-slate-500">{t('search.pickTags')}</span> : null}
        <Button disabled={tagIds.length === 0} onClick={run}>
          {t('search.run')}
        </Button>
      </div>
      {asked && result.data ? (
        <section aria-live="polite" data-testid="quick-search-results">
          <p className="mb-2 text-sm text-slate-600">{t('search.total', { count: result.data.total })}</p>
          {result.data.list.length === 0 ? (
            <EmptyState title={t('picker.none')} />
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
              {result.data.list.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2" data-testid="quick-search-row">
                  <span className="font-medium text-slate-900">{r.name}</span>
                  <span className="flex flex-wrap gap-1">
                    {r.tags.map((c) => (
                      <TagChip key={c.id} name={c.name} color={c.color} />
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Pager
            page={page}
            pageSize={pageSize}
            total={result.data.total}
            onChange={(p, size) => {
              setPage(p);
              setPageSize(size);
            }}
          />
        </section>
      ) : null}
    </div>
  );
}
