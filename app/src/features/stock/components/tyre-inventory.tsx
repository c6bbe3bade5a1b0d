/**
 * The tyre assets (tyre/list): state, brand, keyword (serial, DOT), vehicle and warehouse filters with the counts per
 * state; mount (or rotate) and dismount; each tyre's life page; the tyres import (a receipt of assets).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Option } from '@/components/crud/form';
import { useResource } from '@/components/crud/resource-view';
import { Panel, RowAction } from '@/components/crud/view';
import { Badge } from '@/components/ui/states';
import { formatDateTime, orUndefined } from '@/lib/format';
import { useButtons } from '@/lib/console/menu-route-context';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { useTyreBrands } from '@/features/catalogue';
import { VehicleSelect, type PickedVehicle } from '@/features/vehicles';
import { getTyres } from '../api/get-tyres';
import { stockKeys } from '../api/keys';
import { collectOf, fixed, idOf, IN_STOCK, money, MOUNTED, nonEmpty, quantity, tyreStateTone } from '../model';
import type { TyreAsset, TyreCollect, TyreListParams } from '../types';
import { DismountDialog } from './dismount-dialog';
import { MountDialog } from './mount-dialog';
import { ResourceTab } from './resource-tab';
import { useWarehouseChoices } from './selects';
import { WheelLabel } from './wheel-label';
import { tyreImport } from './stock-imports';
import { Totals } from './totals';
import { useStockLabels } from './use-stock-labels';

const stateOf = (s: string | undefined): number | undefined => (s === '1' || s === '2' || s === '3' || s === '4' ? Number(s) : undefined);

/** Where a tyre is: its vehicle and wheel, or its warehouse. */
export function useTyrePlace() {
  const labels = useStockLabels();
  return (ty: TyreAsset) => (ty.state === MOUNTED ? `${ty.plate} · ${labels.wheel(ty.position)}` : (nonEmpty(ty.warehouseName) ?? '—'));
}

export function TyreInventory({ title }: { title: string }) {
  const { t } = useTranslation('stock');
  const labels = useStockLabels();
  const can = useButtons();
  // The seeded tyreMileage menu carries only `export`: mounting is the server's to allow (its policies); the actions
  // hide only for a role given no button at all on this view (the visitor's read-only menu).
  const mayAct = ['add', 'edit', 'delete', 'export'].some(can);
  const menuPath = useMenuPath();
  const place = useTyrePlace();
  const brands = useTyreBrands({});
  const warehouses = useWarehouseChoices();
  const [vehicle, setVehicle] = useState<PickedVehicle | null>(null);
  const [mounting, setMounting] = useState<TyreAsset | null>(null);
  const [dismounting, setDismounting] = useState<TyreAsset | null>(null);
  const brandOptions: Option[] = (brands.data ?? []).map((b) => ({ value: b.id, label: b.name }));
  const serialCell = (ty: TyreAsset) => {
    const path = menuPath('tyreLife', { id: ty.id });
    return path ? (
      <Link to={path} className="text-accent font-mono hover:underline" data-testid={`tyre-life-link-${ty.serial}`}>
        {ty.serial}
      </Link>
    ) : (
      <span className="font-mono">{ty.serial}</span>
    );
  };
  const list = useResource<TyreAsset, TyreListParams, object, number>({
    title,
    testId: 'tyre-assets',
    queryKey: stockKeys.tyres,
    fetchPage: getTyres,
    toParams: (v) => ({ state: stateOf(v.state), keyword: orUndefined(v.keyword), brandId: idOf(v.brandId), warehouseId: idOf(v.warehouseId), vehicleId: vehicle?.id }),
    searchFields: [
      { name: 'keyword', label: t('tyre.keyword') },
      { name: 'state', label: t('tyre.state'), type: 'select', options: labels.tyreStateOptions },
      { name: 'brandId', label: t('tyre.brand'), type: 'select', options: brandOptions },
      { name: 'warehouseId', label: t('tyre.warehouse'), type: 'select', options: warehouses },
    ],
    columns: [
      { key: 'serial', header: t('tyre.serial'), primary: true, cell: serialCell },
      { key: 'dot', header: t('tyre.dot'), cell: (ty) => ty.dot || '—', hideOnMobile: true },
      { key: 'model', header: t('tyre.model'), cell: (ty) => `${ty.brand} ${ty.model} ${ty.spec}`.trim() },
      { key: 'state', header: t('tyre.state'), className: 'whitespace-nowrap', cell: (ty) => <Badge tone={tyreStateTone(ty.state)}>{labels.tyreStateName(ty.state)}</Badge> },
      {
        key: 'place',
        header: t('tyre.place'),
        cell: (ty) =>
          ty.state === MOUNTED ? (
            <span data-testid="tyre-place">
              {ty.plate} · <WheelLabel vehicleId={ty.vehicleId} position={ty.position} />
            </span>
          ) : (
            <span data-testid="tyre-place">{nonEmpty(ty.warehouseName) ?? '—'}</span>
          ),
      },
      { key: 'mileage', header: t('tyre.mileage'), align: 'right', cell: (ty) => quantity(Math.round(ty.mileage)) },
      { key: 'cost', header: t('tyre.purchaseCost'), align: 'right', cell: (ty) => money(ty.purchaseCost), hideOnMobile: true },
      { key: 'cpk', header: t('tyre.costPerKm'), align: 'right', cell: (ty) => fixed(ty.costPerKm, 3) },
      { key: 'tread', header: t('tyre.tread'), align: 'right', cell: (ty) => (ty.treadLast ?? ty.treadNew ?? '—'), hideOnMobile: true },
      { key: 'received', header: t('tyre.receivedAt'), className: 'whitespace-nowrap', cell: (ty) => formatDateTime(ty.receivedAt), hideOnMobile: true },
    ],
    rowKey: (ty) => ty.id,
    rowLabel: (ty) => ty.serial,
    selectable: false,
    rowActions: (ty) =>
      mayAct ? (
        <>
          {ty.state === IN_STOCK || ty.state === MOUNTED ? (
            <RowAction label={t(ty.state === MOUNTED ? 'tyre.rotateNamed' : 'tyre.mountNamed', { serial: ty.serial })} onClick={() => { setMounting(ty); }}>
              {ty.state === MOUNTED ? t('tyre.rotate') : t('tyre.mount')}
            </RowAction>
          ) : null}
          {ty.state === MOUNTED ? (
            <RowAction label={t('tyre.dismountNamed', { serial: ty.serial })} onClick={() => { setDismounting(ty); }}>
              {t('tyre.dismount')}
            </RowAction>
          ) : null}
        </>
      ) : null,
    texts: { search: t('tyre.search'), loadFailed: t('tyre.loadFailed'), empty: t('tyre.empty') },
    exportName: 'tyre-assets',
    exportColumns: [
      { header: t('tyre.serial'), value: (ty) => ty.serial },
      { header: t('tyre.dot'), value: (ty) => ty.dot },
      { header: t('tyre.brand'), value: (ty) => ty.brand },
      { header: t('tyre.model'), value: (ty) => ty.model },
      { header: t('tyre.spec'), value: (ty) => ty.spec },
      { header: t('tyre.state'), value: (ty) => labels.tyreStateName(ty.state) },
      { header: t('tyre.place'), value: place },
      { header: t('tyre.mileage'), value: (ty) => ty.mileage },
      { header: t('tyre.purchaseCost'), value: (ty) => ty.purchaseCost },
      { header: t('tyre.costPerKm'), value: (ty) => ty.costPerKm },
      { header: t('tyre.treadNew'), value: (ty) => ty.treadNew },
      { header: t('tyre.treadLast'), value: (ty) => ty.treadLast },
      { header: t('tyre.receivedAt'), value: (ty) => formatDateTime(ty.receivedAt) },
    ],
    importer: tyreImport(t('import.tyres')),
  });
  const collect = collectOf<TyreCollect>(list.data);
  return (
    <ResourceTab
      resource={list}
      totals={
        <>
          <Panel className="p-3">
            <VehicleSelect
              value={vehicle}
              onChange={(v) => {
                setVehicle(v);
                list.resetPage();
              }}
            />
          </Panel>
          {collect ? (
            <Totals
              testId="tyre-totals"
              label={t('tyre.totals')}
              figures={[
                { key: 'inStock', label: t('tyreState.1'), value: collect.inStock },
                { key: 'mounted', label: t('tyreState.2'), value: collect.mounted },
                { key: 'retreading', label: t('tyreState.3'), value: collect.retreading },
                { key: 'scrapped', label: t('tyreState.4'), value: collect.scrapped },
                { key: 'sold', label: t('tyreState.5'), value: collect.sold },
              ]}
            />
          ) : null}
        </>
      }
    >
      {mounting ? <MountDialog tyre={mounting} onClose={() => { setMounting(null); }} /> : null}
      {dismounting ? <DismountDialog tyre={dismounting} onClose={() => { setDismounting(null); }} /> : null}
    </ResourceTab>
  );
}
