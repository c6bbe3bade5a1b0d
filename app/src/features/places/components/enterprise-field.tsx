/** The owner field platform staff see when adding a place or route (the CRUD kit's `custom` field). */
import type { TFunction } from 'i18next';

import type { FieldDef } from '@/components/crud/form';
import { EnterprisePicker } from '@/features/enterprise';

/** `hint`: what leaving it empty means for this kind of row. */
export function enterpriseField<V extends { entId: number | '' }>(t: TFunction<'places'>, hint: string): FieldDef<V> {
  return { name: 'entId', label: t('field.enterprise'), type: 'custom', hint, wide: true, render: (p) => <EnterprisePicker {...p} /> };
}
