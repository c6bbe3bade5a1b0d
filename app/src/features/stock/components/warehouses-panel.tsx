/** Warehouses (warehouseList / saveWarehouse / updateWarehouse / delWarehouse): what each holds; a warehouse holding stock cannot be deleted. */
import { useTranslation } from 'react-i18next';

import { oneByOne, useResource } from '@/components/crud/resource-view';
import { maskPhone, orUndefined } from '@/lib/format';
import { useDeleteWarehouse } from '../api/delete-warehouse';
import { getWarehouses } from '../api/get-warehouses';
import { stockKeys } from '../api/keys';
import { useSaveWarehouse } from '../api/save-warehouse';
import { useUpdateWarehouse } from '../api/update-warehouse';
import { money, quantity } from '../model';
import type { Warehouse, WarehouseListParams } from '../types';
import { ResourceTab } from './resource-tab';

interface WarehouseValues {
  name: string;
  address: string;
  keeper: string;
  phone: string;
  remark: string;
}

const EMPTY: WarehouseValues = { name: '', address: '', keeper: '', phone: '', remark: '' };

export function WarehousesPanel({ title }: { title: string }) {
  const { t } = useTranslation('stock');
  const create = useSaveWarehouse();
  const update = useUpdateWarehouse();
  const del = useDeleteWarehouse();
  const list = useResource<Warehouse, WarehouseListParams, WarehouseValues, number>({
    title,
    testId: 'warehouses',
    queryKey: stockKeys.warehouses,
    fetchPage: getWarehouses,
    toParams: (v) => ({ keyword: orUndefined(v.keyword) }),
    searchFields: [{ name: 'keyword', label: t('warehouse.keyword') }],
    columns: [
      { key: 'name', header: t('warehouse.name'), primary: true, cell: (w) => w.name },
      { key: 'address', header: t('warehouse.address'), cell: (w) => w.address || '—', hideOnMobile: true },
      { key: 'keeper', header: t('warehouse.keeper'), cell: (w) => w.keeper || '—' },
      { key: 'phone', header: t('warehouse.phone'), cell: (w) => maskPhone(w.phone) || '—', hideOnMobile: true },
      { key: 'items', header: t('warehouse.items'), align: 'right', cell: (w) => w.items },
      { key: 'quantity', header: t('warehouse.quantity'), align: 'right', cell: (w) => quantity(w.quantity) },
      { key: 'value', header: t('warehouse.value'), align: 'right', cell: (w) => money(w.value) },
      { key: 'tyres', header: t('warehouse.tyres'), align: 'right', cell: (w) => w.tyres },
    ],
    rowKey: (w) => w.id,
    rowLabel: (w) => w.name,
    texts: { search: t('warehouse.search'), loadFailed: t('warehouse.loadFailed'), empty: t('warehouse.empty') },
    exportName: 'warehouses',
    exportColumns: [
      { header: t('warehouse.name'), value: (w) => w.name },
      { header: t('warehouse.address'), value: (w) => w.address },
      { header: t('warehouse.keeper'), value: (w) => w.keeper },
      { header: t('warehouse.phone'), value: (w) => maskPhone(w.phone) },
      { header: t('warehouse.items'), value: (w) => w.items },
      { header: t('warehouse.quantity'), value: (w) => w.quantity },
      { header: t('warehouse.value'), value: (w) => w.value },
      { header: t('warehouse.tyres'), value: (w) => w.tyres },
    ],
    form: {
      addLabel: t('warehouse.add'),
      editTitle: (w) => t('editNamed', { name: w.name }),
      testId: 'warehouse-form',
      fields: [
        { name: 'name', label: t('warehouse.name'), type: 'text', required: true, maxLength: 64 },
        { name: 'keeper', label: t('warehouse.keeper'), type: 'text', maxLength: 32 },
        { name: 'phone', label: t('warehouse.phone'), type: 'tel', maxLength: 20, autoComplete: 'off' },
        { name: 'address', label: t('warehouse.address'), type: 'text', maxLength: 200 },
        { name: 'remark', label: t('warehouse.remark'), type: 'textarea', wide: true, maxLength: 200 },
      ],
      empty: EMPTY,
      fromRow: (w) => ({ name: w.name, address: w.address, keeper: w.keeper, phone: w.phone, remark: w.remark }),
      save: (v, row) => {
        const body = { name: v.name.trim(), address: v.address.trim(), keeper: v.keeper.trim(), phone: v.phone.replace(/[\s-]/g, ''), remark: v.remark.trim() };
        return row ? update.mutateAsync({ id: row.id, ...body }) : create.mutateAsync(body);
      },
    },
    remove: oneByOne((id: number) => del.mutateAsync({ id })),
    selectable: false,
  });
  return <ResourceTab resource={list} />;
}
