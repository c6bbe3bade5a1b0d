/** The fields of an enterprise (create, edit, settings) for the CRUD kit's forms, and their conversion to a payload. */
import { useTranslation } from 'react-i18next';

import type { FieldDef, Option } from '@/components/crud/form';
import { useApp } from '@/lib/app-context';
import { isValidPhone } from '@/lib/account-rules';
import { useDockingList } from '../api/get-docking-list';
import { ENTERPRISE_TYPES, WHEEL_SUPPORT } from '../model';
import type { Enterprise, EnterprisePayload } from '../types';
import { useEnumLabels } from './badges';

export interface EnterpriseValues {
  entName: string;
  entAbbreviation: string;
  parentId: number | '';
  type: number | '';
  dockingPlatform: number | '';
  wheelSupport: number | '';
  contact: string;
  phone: string;
  address: string;
  licenseNo: string;
  logo: string;
  car_ico: string;
  enable_group: boolean;
}

export function enterpriseValues(e: Partial<Enterprise> | null, defaults: Partial<EnterpriseValues> = {}): EnterpriseValues {
  return {
    entName: e?.entName ?? '',
    entAbbreviation: e?.entAbbreviation ?? '',
    parentId: e?.parentId ?? '',
    type: e?.type ?? 0,
    dockingPlatform: e?.dockingPlatform ?? 0,
    wheelSupport: e?.wheelSupport ?? 0,
    contact: e?.contact ?? '',
    phone: e?.phone ?? '',
    address: e?.address ?? '',
    licenseNo: e?.licenseNo ?? '',
    logo: e?.logo ?? '',
    car_ico: e?.car_ico ?? '',
    enable_group: e?.enable_group ?? true,
    ...defaults,
  };
}

/** Trimmed fields; an empty parent is the top level (0). */
export function enterprisePayload(v: EnterpriseValues, withParent: boolean): EnterprisePayload {
  return {
    entName: v.entName.trim(),
    entAbbreviation: v.entAbbreviation.trim(),
    ...(withParent ? { parentId: v.parentId === '' ? 0 : v.parentId } : {}),
    type: v.type === '' ? 0 : v.type,
    dockingPlatform: v.dockingPlatform === '' ? 0 : v.dockingPlatform,
    wheelSupport: v.wheelSupport === '' ? 0 : v.wheelSupport,
    contact: v.contact.trim(),
    phone: v.phone.trim(),
    address: v.address.trim(),
    licenseNo: v.licenseNo.trim(),
    logo: v.logo.trim(),
    car_ico: v.car_ico.trim(),
    enable_group: v.enable_group,
  };
}

export interface EnterpriseFieldOptions {
  /** The allowed parents (omit to leave the parent out: settings edit it elsewhere); its hint explains the top level. */
  parents?: readonly Option[];
  /** The type every enterprise of the list has (shown, not editable). */
  fixedType?: number;
}

/** The field list, for forms whose parents depend on the row (the list's add and edit). */
export function useEnterpriseFieldList(): (options?: EnterpriseFieldOptions) => FieldDef<EnterpriseValues>[] {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const labels = useEnumLabels();
  const docking = useDockingList(lang);
  const dockingOptions: Option[] = (docking.data ?? []).map((d) => ({ value: d.id, label: d.name }));
  return ({ parents, fixedType } = {}) => {
    const fields: FieldDef<EnterpriseValues>[] = [
      { name: 'entName', label: t('fields.entName'), type: 'text', required: true, maxLength: 100 },
      { name: 'entAbbreviation', label: t('fields.entAbbreviation'), type: 'text', maxLength: 50 },
    ];
    if (parents) {
      fields.push({ name: 'parentId', label: t('fields.parent'), type: 'select', options: parents, placeholder: t('fields.topLevel'), hint: t('fields.parentHint'), wide: true });
    }
    fields.push(
      {
        name: 'type',
        label: t('fields.type'),
        type: 'select',
        required: true,
        disabled: fixedType !== undefined,
        options: ENTERPRISE_TYPES.map((n) => ({ value: n, label: labels.entType(n) })),
      },
      { name: 'dockingPlatform', label: t('fields.dockingPlatform'), type: 'select', options: dockingOptions.length ? dockingOptions : [{ value: 0, label: t('fields.dockingNone') }] },
      { name: 'wheelSupport', label: t('fields.wheelSupport'), type: 'select', options: WHEEL_SUPPORT.map((n) => ({ value: n, label: labels.wheelSupport(n) })) },
      { name: 'licenseNo', label: t('fields.licenseNo'), type: 'text', maxLength: 64 },
      { name: 'contact', label: t('fields.contact'), type: 'text', maxLength: 50 },
      {
        name: 'phone',
        label: t('fields.phone'),
        type: 'tel',
        validate: (v) => (typeof v === 'string' && v.trim() !== '' && !/^\+?[\d\s-]{5,20}$/.test(v.trim()) && !isValidPhone(v) ? t('fields.phoneInvalid') : null),
      },
      { name: 'address', label: t('fields.address'), type: 'text', maxLength: 200, wide: true },
      { name: 'logo', label: t('fields.logo'), type: 'text', placeholder: 'https://…' },
      { name: 'car_ico', label: t('fields.carIcon'), type: 'text', placeholder: 'https://…' },
      { name: 'enable_group', label: t('fields.enableGroup'), type: 'switch' },
    );
    return fields;
  };
}

/** The field list (see EnterpriseFieldOptions). */
export function useEnterpriseFields(options: EnterpriseFieldOptions = {}): FieldDef<EnterpriseValues>[] {
  return useEnterpriseFieldList()(options);
}
