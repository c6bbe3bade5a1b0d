/**
 * Choosing an enterprise: a search box (queryEnt, enterprises the caller sees) and a select of the matches. An
 * enterprise the caller does not see yet (e.g. one to invite) can be named by its id: typing digits offers "ID n".
 * Works as a `custom` field of the CRUD kit's forms (`render`).
 */
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SelectInput, TextInput } from '@/components/ui/fields';
import { useEnterpriseSearch } from '../api/query-enterprises';

interface PickerProps {
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  invalid: boolean;
  describedBy?: string;
  /** Enterprises not to offer (e.g. the caller's own). */
  exclude?: readonly number[];
}

export function EnterprisePicker({ id, value, onChange, invalid, describedBy, exclude = [] }: PickerProps) {
  const { t } = useTranslation('enterprise');
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const search = useEnterpriseSearch(deferred);
  const matches = (search.data ?? []).filter((e) => !exclude.includes(e.entId));
  const typedId = /^#?\d+$/.test(deferred) ? Number(deferred.replace('#', '')) : null;
  const selected = typeof value === 'number' ? value : null;
  const options = [
    ...matches.map((e) => ({ value: e.entId, label: `${e.entName} (#${e.entId})` })),
    ...(typedId !== null && typedId > 0 && !matches.some((e) => e.entId === typedId) ? [{ value: typedId, label: t('picker.byId', { id: typedId }) }] : []),
    ...(selected !== null && !matches.some((e) => e.entId === selected) && selected !== typedId ? [{ value: selected, label: t('picker.byId', { id: selected }) }] : []),
  ];
  return (
    <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <TextInput
        type="search"
        value={query}
        aria-label={t('picker.search')}
        placeholder={t('picker.search')}
        onChange={(e) => {
          setQuery(e.target.value);
        }}
      />
      <SelectInput
        id={id}
        value={selected === null ? '' : String(selected)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          onChange(e.target.value === '' ? '' : Number(e.target.value));
        }}
      >
        <option value="">{options.length ? t('picker.choose') : t('picker.none')}</option>
        {options.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </SelectInput>
    </div>
  );
}
