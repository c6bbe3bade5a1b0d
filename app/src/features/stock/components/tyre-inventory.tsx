/**
 * The tyre assets (tyre/list): state, brand, keyword (serial, DOT), vehicle and warehouse filters with the counts per
 * state; mount (or rotate) and dismount; each tyre's life page; the tyres import (a receipt of assets). Opened from a
 * work order's "mount a tyre" (`?mount=1&workOrderId=…&number=…&vehicleId=…&plate=…&position=…`), it lists the tyres in
 * stock and a tyre picked is mounted for that job: the dialog starts with the order's vehicle, wheel and the order, and
 * once mounted the page leads back to the order.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import type { Option } from '@/components/crud/form';
import { useResource } from '@/components/crud/resource-view';
import { Panel, RowAction } from '@/components/crud/view';
import { LinkButton } from '@/components/ui/button';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/states';
import { formatDateTime, orUndefined } from '@/lib/format';
import { useButtons } from '@/lib/console/menu-route-context';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { useTyreBrands } from '@/features/catalogue';
import { VehicleSelect, WheelLabel, type PickedVehicle } from '@/features/vehicles';
import { getTyres } from '../api/get-tyres';
import { stockKeys } from '../api/keys';
import { collectOf, fixed, idOf, IN_STOCK, money, MOUNTED, mountForOrder, nonEmpty, quantity, tyreStateTone, type MountForOrder } from '../model';
import type { TyreAsset, TyreCollect, TyreListParams } from '../types';
import { DismountDialog } from './dismount-dialog';
import { MountDialog, type MountInitial } from './mount-dialog';
import { ResourceTab } from './resource-tab';
import { useWarehouseChoices } from './selects';
import { tyreImport } from './stock-imports';
import { Totals } from './totals';
import { useStockLabels } from './use-stock-labels';

const stateOf = (s: string | undefined): number | undefined => (s === '1' || s === '2' || s === '3' || s === '4' ? Number(s) : undefined);

/** Where a tyre is: its vehicle and wheel, or its warehouse. */
export function useTyrePlace() {
  const labels = useStockLabels();
  return (ty: TyreAsset) => (ty.state === MOUNTED ? `${ty.plate} · ${labels.wheel(ty.position, ty.wheelsPerAxle)}` : (nonEmpty(ty.warehouseName) ?? '—'));
}

export function TyreInventory({ title }: { title: string }) {
  const { t } = useTranslation('stock');
  const labels = useStockLabels();
  const can = useButtons();
  // The seeded tyreMileage menu carries only `export`: mounting is the server's to allow (its policies); the actions
  // hide only for a role given no button at all on this view (the visitor's read-only menu).
  const mayAct = ['add', 'edit', 'delete', 'export'].some(can);
  const menuPath = useMenuPath();
  const [query] = useSearchParams();
  const forOrder = mountForOrder(query);
  const [mountedForOrder, setMountedForOrder] = useState<TyreAsset | null>(null);
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
    // for a work order's mount: the tyres in stock
    initialSearch: forOrder ? { state: String(IN_STOCK) } : {},
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
              {ty.plate} · {labels.wheel(ty.position, ty.wheelsPerAxle)}
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
  const orderPath = forOrder ? (menuPath('workOrderDetail', { id: forOrder.workOrderId }) ?? `/wf/${String(forOrder.workOrderId)}`) : null;
  const initial: MountInitial | undefined =
    forOrder && mounting?.state === IN_STOCK
      ? {
          vehicle: forOrder.vehicle,
          position: forOrder.position,
          workOrderId: forOrder.workOrderId,
          remark: forOrder.number ? t('tyre.orderRemark', { number: forOrder.number }) : '',
        }
      : undefined;
  return (
    <ResourceTab
      resource={list}
      totals={
        <>
          {forOrder && orderPath ? (
            <MountForOrderNote forOrder={forOrder} mounted={mountedForOrder} orderPath={orderPath} />
          ) : null}
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
      {mounting ? (
        <MountDialog
          tyre={mounting}
          initial={initial}
          onMounted={initial ? setMountedForOrder : undefined}
          onClose={() => {
            setMounting(null);
          }}
        />
      ) : null}
      {dismounting ? <DismountDialog tyre={dismounting} onClose={() => { setDismounting(null); }} /> : null}
    </ResourceTab>
  );
}

/** The job the page mounts for: the order's vehicle and wheel, then, once mounted, the tyre and the way back. */
function MountForOrderNote({ forOrder, mounted, orderPath }: { forOrder: MountForOrder; mounted: TyreAsset | null; orderPath: string }) {
  const { t } = useTranslation('stock');
  const number = forOrder.number || `#${String(forOrder.workOrderId)}`;
  const where = (vehicleId: number | null | undefined, plate: string, position: number | null | undefined) => (
    <>
      {plate}
      {typeof position === 'number' ? (
        <>
          {' · '}
          <WheelLabel vehicleId={vehicleId} position={position} />
        </>
      ) : null}
    </>
  );
  return (
    <Panel className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="min-w-0 text-sm" data-testid={mounted ? 'mount-for-order-done' : 'mount-for-order'} role={mounted ? 'status' : undefined}>
        {mounted ? (
          <p className="text-slate-900">
            {t('tyre.mountedForOrder', { serial: mounted.serial, number })} {where(mounted.vehicleId, mounted.plate, mounted.position)}
          </p>
        ) : (
          <>
            <p className="font-medium text-slate-900">
              {t('tyre.forOrder', { number })} {where(forOrder.vehicle.id, forOrder.vehicle.plate, forOrder.position)}
            </p>
            <p className="text-slate-500">{t('tyre.forOrderPick')}</p>
          </>
        )}
      </div>
      <LinkButton to={orderPath} variant={mounted ? 'accent' : 'secondary'} size="sm" data-testid="mount-back-to-order">
        <ChevronLeftIcon className="size-4" />
        {t('tyre.backToOrder', { number })}
      </LinkButton>
    </Panel>
  );
}
