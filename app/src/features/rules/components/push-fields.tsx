/**
 * The form fields a push rule and a member's push settings share: channels, alarm kinds and quiet hours (two HH:MM
 * time inputs, both or neither; a span past midnight is fine).
 */
import type { TFunction } from 'i18next';

import type { FieldDef } from '@/components/crud/form';
import { TextInput } from '@/components/ui/fields';
import { parseHm, quietHoursError } from '../model';
import { CHANNELS, type Channel } from '../types';
import type { AlarmLabels } from './use-alarm-labels';

export interface PushValues {
  channels: Channel[];
  kinds: number[];
  quietFrom: string;
  quietTo: string;
}

function timeField<V extends PushValues>(name: 'quietFrom' | 'quietTo', label: string, t: TFunction<'rules'>): FieldDef<V> {
  return {
    name,
    label,
    type: 'custom',
    hint: name === 'quietFrom' ? t('quiet.hint') : undefined,
    // runs only for a filled field: 'both' therefore shows under the one that is filled
    validate: (value, values) => {
      const error = quietHoursError(values.quietFrom, values.quietTo);
      if (error === 'format') return parseHm(typeof value === 'string' ? value : '') === null ? t('quiet.format') : null;
      if (error === 'same') return name === 'quietTo' ? t('quiet.same') : null;
      return error === 'both' ? t('quiet.both') : null;
    },
    render: ({ id, value, onChange, invalid, describedBy }) => (
      <TextInput
        id={id}
        type="time"
        value={typeof value === 'string' ? value : ''}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      />
    ),
  };
}

/** Channels (at least one), kinds (none = every kind, unless `kindsRequired`) and quiet hours. */
export function pushFields<V extends PushValues>(t: TFunction<'rules'>, labels: AlarmLabels, kindsRequired: boolean): FieldDef<V>[] {
  return [
    { name: 'channels', label: t('field.channels'), type: 'multiselect', required: true, options: CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) })) },
    {
      name: 'kinds',
      label: t('field.kinds'),
      type: 'multiselect',
      required: kindsRequired,
      hint: kindsRequired ? undefined : t('field.kindsAllHint'),
      options: labels.kindOptions,
      wide: true,
    },
    timeField<V>('quietFrom', t('field.quietFrom'), t),
    timeField<V>('quietTo', t('field.quietTo'), t),
  ];
}
