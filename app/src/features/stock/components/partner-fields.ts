/** The supplier / customer form (savePartner): its fields, empty values and body. */
import type { TFunction } from 'i18next';

import type { FieldDef } from '@/components/crud/form';
import type { PartnerInput } from '../types';

export interface PartnerValues {
  name: string;
  contact: string;
  phone: string;
  address: string;
  remark: string;
}

export const PARTNER_EMPTY: PartnerValues = { name: '', contact: '', phone: '', address: '', remark: '' };

export function partnerFields(t: TFunction<'stock'>): FieldDef<PartnerValues>[] {
  return [
    { name: 'name', label: t('partner.name'), type: 'text', required: true, maxLength: 64 },
    { name: 'contact', label: t('partner.contact'), type: 'text', maxLength: 32 },
    { name: 'phone', label: t('partner.phone'), type: 'tel', maxLength: 20, autoComplete: 'off' },
    { name: 'address', label: t('partner.address'), type: 'text', maxLength: 200 },
    { name: 'remark', label: t('partner.remark'), type: 'textarea', wide: true, maxLength: 200 },
  ];
}

/** `kind`: 1 supplier, 2 customer. */
export function partnerInput(kind: number, v: PartnerValues, id?: number): PartnerInput {
  return {
    ...(id === undefined ? {} : { id }),
    kind,
    name: v.name.trim(),
    contact: v.contact.trim(),
    phone: v.phone.replace(/[\s-]/g, ''),
    address: v.address.trim(),
    remark: v.remark.trim(),
  };
}
