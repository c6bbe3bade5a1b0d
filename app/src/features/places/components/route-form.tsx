/** The route dialog's fields and values (the CRUD kit's form). */
import type { TFunction } from 'i18next';

import type { FieldDef } from '@/components/crud/form';
import type { RouteInput, RouteNode, RouteRow } from '../types';
import { enterpriseField } from './enterprise-field';
import { RouteLineField } from './route-line-field';

export interface RouteValues {
  /** Whose route (platform staff choose; '' is the acting enterprise). */
  entId: number | '';
  name: string;
  corridorM: number | '';
  nodes: RouteNode[];
}

/** The corridor the server accepts and its default (docs/tracks.md). */
export const CORRIDOR = { min: 10, max: 5000, default: 200 } as const;

export const EMPTY_ROUTE: RouteValues = { entId: '', name: '', corridorM: CORRIDOR.default, nodes: [] };

export function routeValues(row: RouteRow): RouteValues {
  return { entId: row.entId, name: row.name, corridorM: row.corridorM, nodes: row.nodes };
}

export function routeInput(values: RouteValues, id?: number): RouteInput {
  return {
    ...(id === undefined ? {} : { id }),
    ...(values.entId === '' ? {} : { entId: values.entId }),
    name: values.name.trim(),
    corridorM: values.corridorM === '' ? CORRIDOR.default : values.corridorM,
    nodes: values.nodes,
  };
}

/** `chooseEnterprise`: platform staff adding a route say whose it is (its vehicles must be that enterprise's). */
export function routeFields(t: TFunction<'places'>, chooseEnterprise: boolean): FieldDef<RouteValues>[] {
  return [
    ...(chooseEnterprise ? [enterpriseField<RouteValues>(t, t('field.enterpriseHint'))] : []),
    { name: 'name', label: t('field.name'), type: 'text', required: true, maxLength: 64 },
    {
      name: 'corridorM',
      label: t('route.corridor'),
      type: 'number',
      required: true,
      hint: t('route.corridorHint', CORRIDOR),
    },
    {
      name: 'nodes',
      label: t('route.line'),
      type: 'custom',
      wide: true,
      validate: (value) => ((value as RouteNode[]).length >= 2 ? null : t('route.twoNodes')),
      render: ({ id, value, onChange, invalid, describedBy }) => <RouteLineField id={id} value={value as RouteNode[]} onChange={onChange} invalid={invalid} describedBy={describedBy} />,
    },
  ];
}
