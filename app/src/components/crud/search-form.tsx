/** The search bar of a list view: a few fields, Search and Reset. Submits the values; Reset submits the defaults. */
import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { SelectInput, TextInput } from '@/components/ui/fields';
import { SearchIcon } from '@/components/ui/icons';
import type { Option } from './form';

export interface SearchField {
  name: string;
  label: string;
  type?: 'text' | 'select' | 'number' | 'date';
  options?: readonly Option[];
  placeholder?: string;
}

export type SearchValues = Record<string, string>;

interface SearchFormProps {
  fields: readonly SearchField[];
  /** The values it starts with, when it keeps them itself (no `values`). */
  initial?: SearchValues;
  /** The values shown, when the caller keeps them (to set some from elsewhere, e.g. a point picked on a map). */
  values?: SearchValues;
  onValuesChange?: (values: SearchValues) => void;
  onSearch: (values: SearchValues) => void;
  label: string;
}

/** One filter: its label and its input (a select offers "All" first). Also the export dialog's filters. */
export function FilterField({ id, field: f, value, onChange }: { id: string; field: SearchField; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('crud');
  return (
    <>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {f.label}
      </label>
      {f.type === 'select' ? (
        <SelectInput
          id={id}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
          }}
        >
          <option value="">{t('all')}</option>
          {f.options?.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </SelectInput>
      ) : (
        <TextInput
          id={id}
          type={f.type === 'number' || f.type === 'date' ? f.type : 'search'}
          value={value}
          placeholder={f.placeholder}
          onChange={(e) => {
            onChange(e.target.value);
          }}
        />
      )}
    </>
  );
}

export function SearchForm({ fields, initial = {}, values: shown, onValuesChange, onSearch, label }: SearchFormProps) {
  const { t } = useTranslation('crud');
  const base = useId();
  const [own, setOwn] = useState<SearchValues>(initial);
  const values = shown ?? own;
  const setValues = onValuesChange ?? setOwn;
  // phones show the first field; the rest behind a toggle
  const [more, setMore] = useState(false);
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSearch(values);
  };
  const blank = Object.fromEntries(fields.map((f) => [f.name, ''])) as Record<string, string>;
  return (
    <form role="search" aria-label={label} onSubmit={submit} className="flex flex-wrap items-end gap-3">
      {fields.map((f, i) => {
        const id = `${base}-${f.name}`;
        return (
          <div key={f.name} className={cx('w-full sm:w-44', i > 0 && !more && 'hidden md:block')}>
            <FilterField
              id={id}
              field={f}
              value={values[f.name] ?? ''}
              onChange={(value) => {
                setValues({ ...values, [f.name]: value });
              }}
            />
          </div>
        );
      })}
      <div className="flex flex-wrap gap-2">
        {fields.length > 1 ? (
          <Button
            variant="ghost"
            className="md:hidden"
            aria-expanded={more}
            onClick={() => {
              setMore((m) => !m);
            }}
          >
            {more ? t('fewerFilters') : t('moreFilters', { count: fields.length - 1 })}
          </Button>
        ) : null}
        <Button type="submit" variant="accent">
          <SearchIcon className="size-4" />
          {t('search')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setValues(blank);
            onSearch(blank);
          }}
        >
          {t('reset')}
        </Button>
      </div>
    </form>
  );
}
