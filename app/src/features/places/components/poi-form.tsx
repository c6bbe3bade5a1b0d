/** The POI dialog's fields and values (the CRUD kit's form), and the call's payload made from them. */
import type { TFunction } from 'i18next';

import type { FieldDef } from '@/components/crud/form';
import { orUndefined } from '@/lib/format';
import { ApiError } from '@/lib/query';
import { drawnOf, FENCE_KEYS, FENCES, geometryOf, POI_TYPES } from '../model';
import type { Fence, PoiInput, PoiRow, PoiType } from '../types';
import { enterpriseField } from './enterprise-field';
import { PoiGeometryField, type PoiGeometry } from './poi-geometry-field';

export interface PoiValues {
  /** Whose place (platform staff choose; '' is platform-wide for them, their own enterprise for others). */
  entId: number | '';
  name: string;
  poiType: PoiType | '';
  geometry: PoiGeometry;
  fence: Fence;
  address: string;
  phone: string;
  remark: string;
}

export const EMPTY_POI: PoiValues = { entId: '', name: '', poiType: '', geometry: { shape: 1, drawn: null }, fence: 0, address: '', phone: '', remark: '' };

export function poiValues(row: PoiRow): PoiValues {
  return {
    entId: row.entId ?? '',
    name: row.name,
    poiType: row.poiType,
    geometry: { shape: row.shape, drawn: drawnOf(row) },
    fence: row.fence,
    address: row.address,
    phone: row.phone,
    remark: row.remark,
  };
}

/** The payload of /poi/add; a point has no fence. Null while nothing is drawn (the form's check says so first). */
export function poiInput(values: PoiValues, id?: number): PoiInput | null {
  const { drawn } = values.geometry;
  if (!drawn || values.poiType === '') return null;
  return {
    ...(id === undefined ? {} : { id }),
    ...(values.entId === '' ? {} : { entId: values.entId }),
    name: values.name.trim(),
    poiType: values.poiType,
    ...geometryOf(drawn),
    fence: drawn.kind === 'point' ? 0 : values.fence,
    address: orUndefined(values.address.trim()),
    phone: orUndefined(values.phone.trim()),
    remark: orUndefined(values.remark.trim()),
  };
}

/** The payload's fields that the drawing on the map sets. */
const GEOMETRY_FIELDS = new Set(['shape', 'lon', 'lat', 'radiusM', 'polygon']);

/** A refusal about the drawn shape (a self-crossing polygon, a radius out of range) as one about the map field, so the server's words show under it. */
export function asGeometryRefusal(err: unknown): unknown {
  return err instanceof ApiError && err.field !== undefined && GEOMETRY_FIELDS.has(err.field) ? new ApiError(err.code, err.message, 'geometry') : err;
}

/** `chooseEnterprise`: platform staff adding a place say whose it is (none: every enterprise's). */
export function poiFields(t: TFunction<'places'>, chooseEnterprise: boolean): FieldDef<PoiValues>[] {
  return [
    ...(chooseEnterprise ? [enterpriseField<PoiValues>(t, t('field.poiEnterpriseHint'))] : []),
    { name: 'name', label: t('field.name'), type: 'text', required: true, maxLength: 64 },
    { name: 'poiType', label: t('field.type'), type: 'select', required: true, options: POI_TYPES.map((p) => ({ value: p.code, label: t(`type.${p.key}`) })) },
    {
      name: 'geometry',
      label: t('field.geometry'),
      type: 'custom',
      wide: true,
      validate: (value) => ((value as PoiGeometry).drawn ? null : t('draw.missing')),
      render: ({ id, value, onChange, invalid, describedBy }) => <PoiGeometryField id={id} value={value as PoiGeometry} onChange={onChange} invalid={invalid} describedBy={describedBy} />,
    },
    {
      name: 'fence',
      label: t('field.fence'),
      type: 'select',
      required: true,
      options: FENCES.map((f) => ({ value: f, label: t(FENCE_KEYS[f]) })),
      hidden: (v) => v.geometry.shape === 1,
    },
    { name: 'address', label: t('field.address'), type: 'text', maxLength: 200 },
    { name: 'phone', label: t('field.phone'), type: 'tel', maxLength: 32 },
    { name: 'remark', label: t('field.remark'), type: 'textarea', maxLength: 500, wide: true },
  ];
}
