/**
 * Mileage and cost (tyre/mileage) by tyre, brand or model over a range of days: km run, cost, cost per km and
 * under-inflated alarms (a tyre's wear rate and projected replacement are on its life page, tyre/info). By tyre, a
 * row opens the tyre's life.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Option } from '@/components/crud/form';
import { useResource, type Resource } from '@/components/crud/resource-view';
import { formatDay } from '@/lib/format';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { useTyreBrands } from '@/features/catalogue';
import { getTyreCosts } from '../api/get-tyre-costs';
import { stockKeys } from '../api/keys';
import { dayParams, fixed, idOf, money, quantity } from '../model';
import type { TyreCost, TyreCostParams } from '../types';
import { dateFields } from './date-fields';
import { ResourceTab } from './resource-tab';
import { useStockLabels } from './use-stock-labels';

/** tyre (default), brand or model. */
const groupOf = (s: string | undefined) => (s === 'brand' || s === 'model' ? s : 'tyre');
const stateOf = (s: string | undefined): number | undefined => (s === '1' || s === '2' || s === '3' || s === '4' ? Number(s) : undefined);

export function perKm(n: number | null | undefined): string {
  return fixed(n, 3);
}

export function dayOf(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : formatDay(d);
}

export function TyreCosts({ title }: { title: string }) {
  const { t } = useTranslation('stock');
  const labels = useStockLabels();
  const menuPath = useMenuPath();
  const brands = useTyreBrands({});
  const brandOptions: Option[] = (brands.data ?? []).map((b) => ({ value: b.id, label: b.name }));
  const list: Resource<TyreCost, object, string> = useResource<TyreCost, TyreCostParams, object, string>({
    title,
    testId: 'tyre-costs',
    queryKey: stockKeys.tyreCosts,
    fetchPage: getTyreCosts,
    toParams: (v) => ({ groupBy: groupOf(v.groupBy), brandId: idOf(v.brandId), state: stateOf(v.state), ...dayParams(v.from, v.to) }),
    searchFields: [
      {
        name: 'groupBy',
        label: t('cost.groupBy'),
        type: 'select',
        options: [
          { value: 'brand', label: t('cost.byBrand') },
          { value: 'model', label: t('cost.byModel') },
        ],
        placeholder: t('cost.byTyre'),
      },
      ...dateFields(t),
      { name: 'brandId', label: t('tyre.brand'), type: 'select', options: brandOptions },
      { name: 'state', label: t('tyre.state'), type: 'select', options: labels.tyreStateOptions },
    ],
    columns: [
      {
        key: 'name',
        header: t('cost.name'),
        primary: true,
        cell: (c): ReactNode => {
          const path: string | null = groupOf(list.filters.groupBy) === 'tyre' ? menuPath('tyreLife', { id: c.key }) : null;
          return path ? (
            <Link to={path} className="text-accent hover:underline">
              {c.name}
            </Link>
          ) : (
            c.name
          );
        },
      },
      { key: 'tyres', header: t('cost.tyres'), align: 'right', cell: (c) => c.tyres },
      { key: 'mileage', header: t('cost.mileage'), align: 'right', cell: (c) => quantity(Math.round(c.mileage)) },
      { key: 'cost', header: t('cost.cost'), align: 'right', cell: (c) => money(c.cost) },
      { key: 'cpk', header: t('tyre.costPerKm'), align: 'right', cell: (c) => perKm(c.costPerKm) },
      { key: 'alarms', header: t('cost.alarms'), align: 'right', cell: (c) => c.underInflatedAlarms },
    ],
    rowKey: (c) => String(c.key),
    rowLabel: (c) => c.name,
    selectable: false,
    texts: { search: t('cost.search'), loadFailed: t('cost.loadFailed'), empty: t('cost.empty') },
    exportName: 'tyre-costs',
    exportColumns: [
      { header: t('cost.name'), value: (c) => c.name },
      { header: t('cost.tyres'), value: (c) => c.tyres },
      { header: t('cost.mileage'), value: (c) => c.mileage },
      { header: t('cost.cost'), value: (c) => c.cost },
      { header: t('tyre.costPerKm'), value: (c) => c.costPerKm },
      { header: t('cost.alarms'), value: (c) => c.underInflatedAlarms },
    ],
  });
  return <ResourceTab resource={list} />;
}
