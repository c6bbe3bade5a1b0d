/** The custom-field form's fields and conversions, shared by the field list's dialog and the field editor. */
import type { TFunction } from 'i18next';

import type { FieldDef } from '@/components/crud/form';
import type { FieldSaveInput } from '../api/save-field';
import { FIELD_TYPES, type FieldType, type TagFieldRow } from '../types';

export interface FieldValues {
  name: string;
  type: FieldType;
  options: string;
  unit: string;
  required: boolean;
  sort: string | number;
}

export const EMPTY_FIELD: FieldValues = { name: '', type: 'text', options: '', unit: '', required: false, sort: '0' };

export function fieldValues(f: TagFieldRow): FieldValues {
  return { name: f.name, type: f.type, options: f.options.join('\n'), unit: f.unit, required: f.required, sort: String(f.sort) };
}

export function fieldInput(v: FieldValues, id?: number): FieldSaveInput {
  return {
    ...(id ? { id } : {}),
    name: v.name.trim(),
    type: v.type,
    options: v.type === 'choice' ? v.options.split('\n').map((o) => o.trim()).filter((o) => o !== '') : [],
    unit: v.unit.trim(),
    required: v.required,
    sort: Number(v.sort) || 0,
  };
}

export function fieldDefs(t: TFunction<'tags'>): FieldDef<FieldValues>[] {
  return [
    { name: 'name', label: t('field.name'), type: 'text', required: true, maxLength: 32 },
    { name: 'type', label: t('field.type'), type: 'select', required: true, options: FIELD_TYPES.map((k) => ({ value: k, label: t(`types.${k}`) })) },
    { name: 'options', label: t('field.options'), type: 'textarea', required: true, hint: t('field.optionsHint'), hidden: (v) => v.type !== 'choice', wide: true },
    { name: 'unit', label: t('field.unit'), type: 'text', maxLength: 16 },
    { name: 'sort', label: t('field.sort'), type: 'number' },
    { name: 'required', label: t('field.required'), type: 'switch' },
  ];
}
