/**
 * The fleet list of dataManage/vehicleManage and (with `system`) dataManage/vehicleManageSystem: filters incl.
 * state, add/edit, batch delete / transfer / install state / follow, import of vehicles and drivers, export, and
 * the vehicle info drawer.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Column } from '@/components/crud/data-table';
import type { ExportColumn } from '@/components/crud/export-all';
import { FormDialog } from '@/components/crud/form-dialog';
import type { FieldDef, Option } from '@/components/crud/form';
import { ResourceView } from '@/components/crud/resource-view';
import type { SearchValues } from '@/components/crud/search-form';
import { RowAction } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/states';
import { Tabs } from '@/components/ui/tabs';
import { formatDateTime, orUndefined } from '@/lib/format';
import { EnterprisePicker, useGroups } from '@/features/enterprise';
import { importTable } from '@/features/system';
import { useDeleteVehicles } from '../api/delete-vehicles';
import { getCarInfo } from '../api/get-car-info';
import { useDrivers } from '../api/get-drivers';
import { useStatistics } from '../api/get-statistics';
import { getVehicleOptions, getVehicles, useVehicleOptions, vehicleListKey, type VehicleListParams } from '../api/get-vehicles';
import { useSaveVehicle } from '../api/save-vehicle';
import { useSetAttention } from '../api/set-attention';
import { useSetInstall } from '../api/set-install';
import { useTransferVehicles } from '../api/transfer-vehicles';
import { useUpdateImei } from '../api/update-imei';
import { INSTALL_STATES, STATE_FILTERS, VEHICLE_KINDS, type StateFilter, type VehicleRow } from '../types';
import { deriveState, STATE_TONES } from '../vehicle-state';
import { parseAxleLayout } from '../wheel-layout';
import { DriverList } from './driver-list';
import { FleetCounters } from './fleet-counters';
import { VehicleInfoDrawer } from './vehicle-info';

interface VehicleValues {
  plate: string;
  kind: number | '';
  axleLayout: string;
  vin: string;
  groupId: number | '';
  trailerId: number | '';
  driverIds: number[];
  imei: string;
  remark: string;
}

const PLATE_MAX = 16;
/** Columns offered as the import template (the server matches headers case- and underscore-insensitively). */
const VEHICLE_TEMPLATE = ['plate', 'vin', 'kind', 'axleLayout', 'enterprise', 'group', 'remark'] as const;

function numberOr<T>(s: string | undefined, fallback: T): number | T {
  return s && /^\d+$/.test(s) ? Number(s) : fallback;
}

function toParams(v: SearchValues): VehicleListParams {
  return {
    keyword: orUndefined(v.keyword),
    state: STATE_FILTERS.find((s) => s === v.state),
    kind: numberOr(v.kind, undefined),
    installState: numberOr(v.installState, undefined),
    groupId: numberOr(v.groupId, undefined),
    entId: numberOr(v.entId, undefined),
  };
}

type Dialog = { kind: 'transfer' | 'install'; ids: number[]; clear: () => void } | null;

export function VehicleList({ title, system = false }: { title: string; system?: boolean }) {
  const { t } = useTranslation('fleet');
  const save = useSaveVehicle();
  const del = useDeleteVehicles();
  const follow = useSetAttention();
  const transfer = useTransferVehicles();
  const install = useSetInstall();
  const bindImei = useUpdateImei();
  const groups = useGroups({ page: 1, pageSize: 500 });
  const trailers = useVehicleOptions({ page: 1, pageSize: 500, kind: 1 });
  const drivers = useDrivers({ page: 1, pageSize: 500 });
  const [info, setInfo] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [tab, setTab] = useState<'vehicles' | 'drivers'>('vehicles');
  const statistics = useStatistics();
  const tabs = (
    <Tabs<'vehicles' | 'drivers'>
      idPrefix={system ? 'vehicles-system' : 'vehicles'}
      label={title}
      value={tab}
      onChange={setTab}
      tabs={[
        { id: 'vehicles', label: t('vehicle.tab') },
        { id: 'drivers', label: t('driver.tab') },
      ]}
    />
  );

  const kindLabel = (k: number) => t(`vehicle.kinds.${String(k)}` as 'vehicle.kinds.0');
  const installLabel = (s: number) => t(`vehicle.install.${String(s)}` as 'vehicle.install.0');
  const kindOptions: Option[] = VEHICLE_KINDS.map((k) => ({ value: k, label: kindLabel(k) }));
  const installOptions: Option[] = INSTALL_STATES.map((s) => ({ value: s, label: installLabel(s) }));
  const groupOptions: Option[] = (groups.data?.list ?? []).map((g) => ({ value: g.ID, label: g.name }));
  const trailerOptions: Option[] = (trailers.data?.list ?? []).map((v) => ({ value: v.carId, label: v.plate }));
  const driverOptions: Option[] = (drivers.data?.list ?? []).map((d) => ({ value: d.id, label: d.name }));
  const stateOf = (v: VehicleRow) => deriveState({ offline: v.offline, isAlarm: v.isAlarm, speed: v.speed });

  const columns: Column<VehicleRow>[] = [
    {
      key: 'plate',
      header: t('vehicle.plate'),
      primary: true,
      cell: (v) => (
        <button type="button" className="text-accent font-medium hover:underline" onClick={() => { setInfo(v.carId); }}>
          {v.plate}
        </button>
      ),
    },
    ...(system ? [{ key: 'ent', header: t('vehicle.enterprise'), cell: (v: VehicleRow) => v.entName }] : []),
    { key: 'state', header: t('vehicle.state'), cell: (v) => <Badge tone={STATE_TONES[stateOf(v)]}>{t(`state.${stateOf(v)}`)}</Badge> },
    { key: 'kind', header: t('vehicle.kind'), cell: (v) => kindLabel(v.kind) },
    { key: 'axle', header: t('vehicle.axleLayout'), cell: (v) => v.axleLayout, hideOnMobile: true },
    { key: 'group', header: t('vehicle.group'), cell: (v) => v.groupName },
    { key: 'trailer', header: t('vehicle.trailer'), cell: (v) => v.trailerPlate },
    { key: 'imei', header: t('vehicle.imei'), cell: (v) => <span className="tabular-nums">{v.imei}</span> },
    { key: 'install', header: t('vehicle.installState'), cell: (v) => installLabel(v.installState) },
    { key: 'attention', header: t('vehicle.followed'), cell: (v) => (v.attention ? '★' : ''), align: 'center' },
    { key: 'finalTime', header: t('vehicle.finalTime'), cell: (v) => formatDateTime(v.finalTime ?? null), hideOnMobile: true },
  ];

  const exportColumns: ExportColumn<VehicleRow>[] = [
    { header: t('vehicle.plate'), value: (v) => v.plate },
    { header: t('vehicle.enterprise'), value: (v) => v.entName },
    { header: t('vehicle.state'), value: (v) => t(`state.${stateOf(v)}`) },
    { header: t('vehicle.kind'), value: (v) => kindLabel(v.kind) },
    { header: t('vehicle.axleLayout'), value: (v) => v.axleLayout },
    { header: t('vehicle.vin'), value: (v) => v.vin },
    { header: t('vehicle.group'), value: (v) => v.groupName },
    { header: t('vehicle.trailer'), value: (v) => v.trailerPlate },
    { header: t('vehicle.imei'), value: (v) => v.imei },
    { header: t('vehicle.installState'), value: (v) => installLabel(v.installState) },
    { header: t('vehicle.finalTime'), value: (v) => formatDateTime(v.finalTime ?? null) },
  ];

  const fields: FieldDef<VehicleValues>[] = [
    { name: 'plate', label: t('vehicle.plate'), type: 'text', required: true, maxLength: PLATE_MAX },
    { name: 'kind', label: t('vehicle.kind'), type: 'select', required: true, options: kindOptions },
    {
      name: 'axleLayout',
      label: t('vehicle.axleLayout'),
      type: 'text',
      required: true,
      hint: t('vehicle.axleLayoutHint'),
      validate: (v) => (typeof v === 'string' && parseAxleLayout(v) ? null : t('vehicle.axleLayoutInvalid')),
    },
    { name: 'vin', label: t('vehicle.vin'), type: 'text', maxLength: 32 },
    { name: 'groupId', label: t('vehicle.group'), type: 'select', options: groupOptions },
    { name: 'trailerId', label: t('vehicle.trailer'), type: 'select', options: trailerOptions, hidden: (v) => v.kind === 1 },
    { name: 'driverIds', label: t('vehicle.drivers'), type: 'multiselect', options: driverOptions },
    { name: 'imei', label: t('vehicle.imei'), type: 'text', maxLength: 32, pattern: { re: /^\d{0,32}$/, message: t('vehicle.imeiInvalid') } },
    { name: 'remark', label: t('vehicle.remark'), type: 'textarea', maxLength: 200, wide: true },
  ];

  if (tab === 'drivers') return <DriverList title={title} header={tabs} />;

  return (
    <ResourceView<VehicleRow, VehicleListParams, VehicleValues, number>
      title={title}
      header={
        <>
          {tabs}
          {statistics.data ? <FleetCounters counts={statistics.data} /> : null}
        </>
      }
      testId={system ? 'vehicles-system' : 'vehicles'}
      queryKey={vehicleListKey}
      fetchPage={getVehicles}
      toParams={toParams}
      searchFields={[
        { name: 'keyword', label: t('vehicle.keyword') },
        { name: 'state', label: t('vehicle.state'), type: 'select', options: STATE_FILTERS.map((s: StateFilter) => ({ value: s, label: t(`filter.${s}`) })) },
        { name: 'kind', label: t('vehicle.kind'), type: 'select', options: kindOptions },
        { name: 'installState', label: t('vehicle.installState'), type: 'select', options: installOptions },
        { name: 'groupId', label: t('vehicle.group'), type: 'select', options: groupOptions },
        ...(system ? [{ name: 'entId', label: t('vehicle.enterpriseId'), type: 'number' as const }] : []),
      ]}
      columns={columns}
      rowKey={(v) => v.carId}
      rowLabel={(v) => v.plate}
      exportName="vehicles"
      exportPage={getVehicleOptions}
      exportColumns={exportColumns}
      importer={{ title: t('vehicle.import'), templateColumns: VEHICLE_TEMPLATE, templateName: 'vehicles', upload: (file, name) => importTable('vehicles', file, name) }}
      form={{
        addLabel: t('vehicle.add'),
        editTitle: (v) => t('vehicle.edit', { plate: v.plate }),
        fields,
        empty: { plate: '', kind: 0, axleLayout: '2,4,4', vin: '', groupId: '', trailerId: '', driverIds: [], imei: '', remark: '' },
        fromRow: (v) => ({ plate: v.plate, kind: v.kind, axleLayout: v.axleLayout, vin: v.vin, groupId: v.groupId ?? '', trailerId: v.trailerId ?? '', driverIds: [], imei: v.imei, remark: '' }),
        // drivers and the remark are on the detail only
        load: async (v) => {
          const d = await getCarInfo({ carId: v.carId });
          return { plate: d.plate, kind: d.kind, axleLayout: d.axleLayout, vin: d.vin, groupId: d.groupId ?? '', trailerId: d.trailerId ?? '', driverIds: d.drivers.map((x) => x.id), imei: d.device?.imei ?? '', remark: d.remark };
        },
        save: async (v, row) => {
          const saved = await save.mutateAsync({
            ...(row ? { carId: row.carId } : {}),
            plate: v.plate.trim().toUpperCase(),
            kind: Number(v.kind),
            axleLayout: v.axleLayout.replace(/\s/g, ''),
            vin: v.vin.trim(),
            groupId: v.groupId === '' ? null : v.groupId,
            trailerId: v.trailerId === '' || v.kind === 1 ? null : v.trailerId,
            driverIds: v.driverIds,
            remark: v.remark.trim(),
          });
          // the receiver is bound by its own call (an empty imei unbinds)
          const imei = v.imei.trim();
          if (imei !== (row?.imei ?? '')) await bindImei.mutateAsync({ carId: saved.carId, imei });
        },
      }}
      remove={(carIds) => del.mutateAsync({ carIds })}
      rowActions={(v) => (
        <>
          <RowAction onClick={() => { setInfo(v.carId); }}>{t('vehicle.info')}</RowAction>
          <RowAction onClick={() => void follow.mutateAsync({ carIds: [v.carId], attention: !v.attention }).catch(() => undefined)}>
            {v.attention ? t('vehicle.unfollow') : t('vehicle.follow')}
          </RowAction>
        </>
      )}
      bulkActions={(ids, clear) => (
        <>
          <Button variant="secondary" size="sm" onClick={() => void follow.mutateAsync({ carIds: ids, attention: true }).then(clear).catch(() => undefined)}>
            {t('vehicle.follow')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void follow.mutateAsync({ carIds: ids, attention: false }).then(clear).catch(() => undefined)}>
            {t('vehicle.unfollow')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => { setDialog({ kind: 'transfer', ids, clear }); }}>
            {t('vehicle.transfer')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => { setDialog({ kind: 'install', ids, clear }); }}>
            {t('vehicle.setInstall')}
          </Button>
        </>
      )}
    >
      {dialog?.kind === 'transfer' ? (
        <FormDialog<{ entId: number | '' }>
          open
          size="md"
          columns={1}
          onClose={() => { setDialog(null); }}
          title={t('vehicle.transferTitle', { count: dialog.ids.length })}
          testId="vehicle-transfer"
          fields={[{ name: 'entId', label: t('vehicle.targetEnterprise'), type: 'custom', required: true, render: (p) => <EnterprisePicker {...p} /> }]}
          initialValues={{ entId: '' }}
          onSubmit={(v) => transfer.mutateAsync({ carIds: dialog.ids, entId: Number(v.entId) }).then(dialog.clear)}
        />
      ) : null}
      {dialog?.kind === 'install' ? (
        <FormDialog<{ installState: number | '' }>
          open
          size="sm"
          columns={1}
          onClose={() => { setDialog(null); }}
          title={t('vehicle.setInstallTitle', { count: dialog.ids.length })}
          testId="vehicle-install"
          fields={[{ name: 'installState', label: t('vehicle.installState'), type: 'select', required: true, options: installOptions }]}
          initialValues={{ installState: 1 }}
          onSubmit={(v) => install.mutateAsync({ carIds: dialog.ids, installState: Number(v.installState) }).then(dialog.clear)}
        />
      ) : null}
      <VehicleInfoDrawer carId={info} onClose={() => { setInfo(null); }} />
    </ResourceView>
  );
}
