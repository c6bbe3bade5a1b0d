/** Finds a vehicle (by plate) or a device (by imei) to tag or to fill a tag's form for. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Field, SelectInput, TextInput } from '@/components/ui/fields';
import { cx } from '@/components/ui/cx';
import { useTargets } from '../api/get-targets';
import type { TagTargetKind, TargetOption } from '../types';

export interface PickedTarget {
  kind: TagTargetKind;
  target: TargetOption;
}

export function TargetPicker({ picked, onPick, idPrefix }: { picked: PickedTarget | null; onPick: (p: PickedTarget) => void; idPrefix: string }) {
  const { t } = useTranslation('tags');
  const [kind, setKind] = useState<TagTargetKind>('vehicle');
  const [keyword, setKeyword] = useState('');
  const found = useTargets(kind, keyword);
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('picker.target')} htmlFor={`${idPrefix}-kind`}>
          <SelectInput id={`${idPrefix}-kind`} value={kind} onChange={(e) => { setKind(e.target.value === 'device' ? 'device' : 'vehicle'); }}>
            <option value="vehicle">{t('targets.vehicle')}</option>
            <option value="device">{t('targets.device')}</option>
          </SelectInput>
        </Field>
        <Field label={t('picker.search')} htmlFor={`${idPrefix}-keyword`}>
          <TextInput id={`${idPrefix}-keyword`} type="search" value={keyword} onChange={(e) => { setKeyword(e.target.value); }} />
        </Field>
      </div>
      <ul aria-label={t('picker.results')} className="max-h-64 divide-y divide-slate-100 overflow-auto rounded-lg ring-1 ring-slate-200" data-testid={`${idPrefix}-results`}>
        {(found.data ?? []).length === 0 ? <li className="px-3 py-2 text-sm text-slate-500">{t('picker.none')}</li> : null}
        {(found.data ?? []).map((o) => {
          const on = picked?.kind === kind && picked.target.id === o.id;
          return (
            <li key={o.id}>
              <button
                type="button"
                aria-pressed={on}
                className={cx('min-h-11 w-full px-3 text-left text-sm hover:bg-slate-50', on && 'bg-slate-100 font-semibold')}
                onClick={() => { onPick({ kind, target: o }); }}
              >
                {o.name}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
