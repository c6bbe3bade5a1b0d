/**
 * The item catalogue (itemList / saveItem / setItem / delItem): labour, parts and tyres (a tyre model of the tyre
 * catalogue) with code, unit, price and low-stock threshold. An item a move or a service line uses is disabled, not
 * deleted (the server refuses).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Option } from '@/components/crud/form';
import { useResource } from '@/components/crud/resource-view';
import { Badge } from '@/components/ui/states';
import { orUndefined } from '@/lib/format';
import { ApiError } from '@/lib/query';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { useTyres } from '@/features/catalogue';
import { useDeleteItems } from '../api/delete-items';
import { getItems } from '../api/get-items';
import { stockKeys } from '../api/keys';
import { useSaveItem } from '../api/save-item';
import { useSetItem } from '../api/set-item';
import { LABOUR, money, quantity, TYRE } from '../model';
import type { ItemListParams, StockItem } from '../types';
import { ResourceTab } from './resource-tab';
import { useStockLabels } from './use-stock-labels';

interface ItemValues {
  kind: number | '';
  tyreId: number | '';
  code: string;
  name: string;
  unit: string;
  price: number | '';
  lowStock: number | '';
  enabled: boolean;
}

const EMPTY: ItemValues = { kind: 2, tyreId: '', code: '', name: '', unit: '', price: '', lowStock: '', enabled: true };

const kindOf = (s: string | undefined): number | undefined => (s === '1' || s === '2' || s === '3' ? Number(s) : undefined);
const orNone = (v: number | '') => (v === '' ? undefined : v);

export function tyreText(i: Pick<StockItem, 'tyreBrand' | 'tyreModel' | 'tyreSpec'>): string {
  return [i.tyreBrand, i.tyreModel, i.tyreSpec].filter(Boolean).join(' ');
}

export function ItemsPanel({ title }: { title: string }) {
  const { t } = useTranslation('stock');
  const labels = useStockLabels();
  const menuPath = useMenuPath();
  const tyres = useTyres({ page: 1, pageSize: 500 });
  const save = useSaveItem();
  const patch = useSetItem();
  const del = useDeleteItems();
  const tyreOptions: Option[] = (tyres.data?.list ?? []).map((ty) => ({ value: ty.id, label: `${ty.brandName} ${ty.model} ${ty.spec}` }));
  const nameCell = (i: StockItem) => {
    const path = i.kind === LABOUR ? null : menuPath('stockDetail', { id: i.id });
    return path ? (
      <Link to={path} className="text-accent hover:underline">
        {i.name}
      </Link>
    ) : (
      i.name
    );
  };
  const list = useResource<StockItem, ItemListParams, ItemValues, number>({
    title,
    testId: 'items',
    queryKey: stockKeys.items,
    fetchPage: getItems,
    toParams: (v) => ({ kind: kindOf(v.kind), keyword: orUndefined(v.keyword), enabled: v.enabled === 'true' ? true : v.enabled === 'false' ? false : undefined }),
    searchFields: [
      { name: 'keyword', label: t('item.keyword') },
      { name: 'kind', label: t('item.kind'), type: 'select', options: labels.itemKindOptions },
      {
        name: 'enabled',
        label: t('item.enabled'),
        type: 'select',
        options: [
          { value: 'true', label: t('item.on') },
          { value: 'false', label: t('item.off') },
        ],
      },
    ],
    columns: [
      { key: 'name', header: t('item.name'), primary: true, cell: nameCell },
      { key: 'code', header: t('item.code'), cell: (i) => <span className="font-mono text-xs">{i.code}</span> },
      { key: 'kind', header: t('item.kind'), cell: (i) => labels.itemKindName(i.kind) },
      { key: 'tyre', header: t('item.tyre'), cell: (i) => tyreText(i) || '—', hideOnMobile: true },
      { key: 'unit', header: t('item.unit'), cell: (i) => i.unit || '—' },
      { key: 'price', header: t('item.price'), align: 'right', cell: (i) => money(i.price) },
      { key: 'quantity', header: t('item.quantity'), align: 'right', cell: (i) => (i.kind === LABOUR ? '—' : quantity(i.quantity)) },
      { key: 'lowStock', header: t('item.lowStock'), align: 'right', cell: (i) => quantity(i.lowStock), hideOnMobile: true },
      { key: 'enabled', header: t('item.enabled'), cell: (i) => <Badge tone={i.enabled ? 'green' : 'slate'}>{i.enabled ? t('item.on') : t('item.off')}</Badge> },
    ],
    rowKey: (i) => i.id,
    rowLabel: (i) => i.name,
    texts: { search: t('item.search'), loadFailed: t('item.loadFailed'), empty: t('item.empty') },
    exportName: 'stock-items',
    exportColumns: [
      { header: t('item.code'), value: (i) => i.code },
      { header: t('item.name'), value: (i) => i.name },
      { header: t('item.kind'), value: (i) => labels.itemKindName(i.kind) },
      { header: t('item.tyre'), value: tyreText },
      { header: t('item.unit'), value: (i) => i.unit },
      { header: t('item.price'), value: (i) => i.price },
      { header: t('item.quantity'), value: (i) => i.quantity },
      { header: t('item.lowStock'), value: (i) => i.lowStock },
      { header: t('item.enabled'), value: (i) => (i.enabled ? t('item.on') : t('item.off')) },
    ],
    form: {
      addLabel: t('item.add'),
      editTitle: (i) => t('editNamed', { name: i.name }),
      testId: 'item-form',
      fields: (row) => [
        { name: 'kind', label: t('item.kind'), type: 'select', required: true, options: labels.itemKindOptions, disabled: row !== null },
        { name: 'tyreId', label: t('item.tyre'), type: 'select', required: true, options: tyreOptions, hidden: (v) => row !== null || v.kind !== TYRE, hint: t('item.tyreHint') },
        { name: 'name', label: t('item.name'), type: 'text', required: row !== null, maxLength: 64, hint: row === null ? t('item.nameHint') : undefined },
        { name: 'code', label: t('item.code'), type: 'text', maxLength: 32, hint: row === null ? t('item.codeHint') : undefined },
        { name: 'unit', label: t('item.unit'), type: 'text', maxLength: 16, placeholder: t('item.unitHint') },
        { name: 'price', label: t('item.price'), type: 'number', validate: (v) => (typeof v === 'number' && v < 0 ? t('error.notNegative') : null) },
        { name: 'lowStock', label: t('item.lowStock'), type: 'number', hidden: (v) => v.kind === LABOUR, hint: t('item.lowStockHint'), validate: (v) => (typeof v === 'number' && v < 0 ? t('error.notNegative') : null) },
        { name: 'enabled', label: t('item.enabled'), type: 'switch', hidden: () => row === null },
      ],
      empty: EMPTY,
      fromRow: (i) => ({ kind: i.kind, tyreId: i.tyreId ?? '', code: i.code, name: i.name, unit: i.unit, price: i.price, lowStock: i.lowStock ?? '', enabled: i.enabled }),
      save: (v, row) => {
        const text = (s: string) => orUndefined(s.trim());
        if (row) {
          return patch.mutateAsync({ id: row.id, code: text(v.code), name: text(v.name), unit: v.unit.trim(), price: orNone(v.price), lowStock: orNone(v.lowStock), enabled: v.enabled });
        }
        const kind = v.kind === '' ? 2 : v.kind;
        // only a tyre item's name may be left to the server (brand model spec)
        if (kind !== TYRE && v.name.trim() === '') return Promise.reject(new ApiError(7, t('error.required'), 'name'));
        return save.mutateAsync({
          kind,
          code: text(v.code),
          name: text(v.name),
          unit: text(v.unit),
          price: orNone(v.price),
          tyreId: kind === TYRE ? orNone(v.tyreId) : undefined,
          lowStock: kind === LABOUR ? undefined : orNone(v.lowStock),
        });
      },
    },
    remove: (ids) => del.mutateAsync({ ids }),
  });
  return <ResourceTab resource={list} />;
}

