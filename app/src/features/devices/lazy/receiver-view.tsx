/**
 * equipmentManage/receiver: receivers and repeaters with carrier (from the ICCID), online state, the vehicle they
 * are fitted to (bind / unbind through the vehicle's updateImei), tags, import and export; for platform staff, how
 * device reports fare (accepted and refused by reason).
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
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { formatDateTime, orUndefined } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { importTable } from '@/features/system';
import { IngestionPanel } from '@/features/reports';
import { useUpdateImei, useVehicleOptions } from '@/features/vehicles';
import { getDeviceOptions, getDevices, type DeviceListParams } from '../api/get-devices';
import { useTags } from '../api/get-tags';
import { deviceKeys } from '../api/keys';
import { useSaveDevice } from '../api/save-device';
import { useSetDeviceTags } from '../api/set-device-tags';
import { simCarrier } from '../carrier';
import type { DeviceRow } from '../types';

interface DeviceValues {
  imei: string;
  sn: string;
  partNo: string;
  version: string;
  iccid: string;
  kind: number | '';
  parentImei: string;
  remark: string;
}

/** The columns of the server's `devices` importer (enterpriseId and imei required). */
const DEVICE_TEMPLATE = ['enterpriseId', 'imei', 'sn', 'partNo', 'version', 'iccid', 'kind', 'parentImei'] as const;

const bool = (s: string | undefined) => (s === 'true' ? true : s === 'false' ? false : undefined);
const numOr = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);

function toParams(v: SearchValues): DeviceListParams {
  return { keyword: orUndefined(v.keyword), partNo: orUndefined(v.partNo), online: bool(v.online), bound: bool(v.bound), kind: numOr(v.kind), tagId: numOr(v.tagId) };
}

type Dialog = { kind: 'bind' | 'tags'; device: DeviceRow } | null;

export default function ReceiverView({ route }: MenuViewProps) {
  const { t } = useTranslation('fleet');
  const { lang } = useApp();
  const save = useSaveDevice();
  const bindImei = useUpdateImei();
  const setTags = useSetDeviceTags();
  const tags = useTags({ page: 1, pageSize: 500, kind: 'device' });
  const vehicles = useVehicleOptions({ page: 1, pageSize: 500 });
  const [dialog, setDialog] = useState<Dialog>(null);

  const carrierLabel = (d: DeviceRow) => t(`device.carriers.${simCarrier(d.iccid)}`);
  const kindLabel = (k: number) => (k === 1 ? t('device.repeater') : t('device.receiver'));
  const yesNo: Option[] = [
    { value: 'true', label: t('common.yes') },
    { value: 'false', label: t('common.no') },
  ];
  const tagOptions: Option[] = (tags.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }));

  const columns: Column<DeviceRow>[] = [
    { key: 'imei', header: t('device.imei'), primary: true, cell: (d) => <span className="font-medium tabular-nums">{d.imei}</span> },
    { key: 'kind', header: t('device.kind'), cell: (d) => kindLabel(d.kind) },
    { key: 'online', header: t('device.online'), cell: (d) => <Badge tone={d.online ? 'green' : 'slate'}>{d.online ? t('filter.online') : t('filter.offline')}</Badge> },
    { key: 'plate', header: t('device.vehicle'), cell: (d) => d.plate ?? '' },
    { key: 'partNo', header: t('device.partNo'), cell: (d) => d.partNo },
    { key: 'version', header: t('device.version'), cell: (d) => d.version },
    { key: 'iccid', header: t('device.iccid'), cell: (d) => <span className="tabular-nums">{d.iccid}</span>, hideOnMobile: true },
    { key: 'carrier', header: t('device.carrier'), cell: carrierLabel },
    { key: 'tags', header: t('device.tags'), cell: (d) => d.tags.map((g) => g.name).join(', ') },
    { key: 'heartbeat', header: t('device.heartbeat'), cell: (d) => formatDateTime(d.heartbeatAt), hideOnMobile: true },
  ];
  const exportColumns: ExportColumn<DeviceRow>[] = [
    { header: t('device.imei'), value: (d) => d.imei },
    { header: t('device.sn'), value: (d) => d.sn },
    { header: t('device.kind'), value: (d) => kindLabel(d.kind) },
    { header: t('device.online'), value: (d) => (d.online ? t('filter.online') : t('filter.offline')) },
    { header: t('device.vehicle'), value: (d) => d.plate },
    { header: t('device.partNo'), value: (d) => d.partNo },
    { header: t('device.version'), value: (d) => d.version },
    { header: t('device.iccid'), value: (d) => d.iccid },
    { header: t('device.carrier'), value: carrierLabel },
    { header: t('vehicle.enterprise'), value: (d) => d.entName },
    { header: t('device.heartbeat'), value: (d) => formatDateTime(d.heartbeatAt) },
  ];
  const fields: FieldDef<DeviceValues>[] = [
    { name: 'imei', label: t('device.imei'), type: 'text', required: true, maxLength: 32, pattern: { re: /^\d{6,32}$/, message: t('device.imeiInvalid') } },
    { name: 'sn', label: t('device.sn'), type: 'text', maxLength: 32 },
    { name: 'kind', label: t('device.kind'), type: 'select', required: true, options: [{ value: 0, label: t('device.receiver') }, { value: 1, label: t('device.repeater') }] },
    { name: 'parentImei', label: t('device.parentImei'), type: 'text', maxLength: 32, hidden: (v) => v.kind !== 1 },
    { name: 'partNo', label: t('device.partNo'), type: 'text', maxLength: 32 },
    { name: 'version', label: t('device.version'), type: 'text', maxLength: 32 },
    { name: 'iccid', label: t('device.iccid'), type: 'text', maxLength: 22, pattern: { re: /^[0-9A-Fa-f]{0,22}$/, message: t('device.iccidInvalid') } },
    { name: 'remark', label: t('vehicle.remark'), type: 'textarea', wide: true, maxLength: 200 },
  ];

  return (
    <ResourceView<DeviceRow, DeviceListParams, DeviceValues, number>
      title={menuTitle(route, lang)}
      header={<IngestionPanel />}
      testId="receivers"
      queryKey={deviceKeys.devices}
      fetchPage={getDevices}
      toParams={toParams}
      searchFields={[
        { name: 'keyword', label: t('device.keyword') },
        { name: 'online', label: t('device.online'), type: 'select', options: yesNo },
        { name: 'bound', label: t('device.bound'), type: 'select', options: yesNo },
        { name: 'kind', label: t('device.kind'), type: 'select', options: [{ value: 0, label: t('device.receiver') }, { value: 1, label: t('device.repeater') }] },
        { name: 'partNo', label: t('device.partNo') },
        { name: 'tagId', label: t('device.tags'), type: 'select', options: tagOptions },
      ]}
      columns={columns}
      rowKey={(d) => d.id}
      rowLabel={(d) => d.imei}
      exportName="receivers"
      exportPage={getDeviceOptions}
      exportColumns={exportColumns}
      importer={{ title: t('device.import'), templateColumns: DEVICE_TEMPLATE, templateName: 'devices', upload: (file, name) => importTable('devices', file, name) }}
      form={{
        addLabel: t('device.add'),
        editTitle: (d) => t('device.edit', { imei: d.imei }),
        fields,
        empty: { imei: '', sn: '', partNo: '', version: '', iccid: '', kind: 0, parentImei: '', remark: '' },
        fromRow: (d) => ({ imei: d.imei, sn: d.sn ?? '', partNo: d.partNo, version: d.version, iccid: d.iccid, kind: d.kind, parentImei: d.parentImei ?? '', remark: d.remark }),
        save: (v, row) =>
          save.mutateAsync({
            ...(row ? { id: row.id } : {}),
            imei: v.imei.trim(),
            sn: v.sn.trim(),
            partNo: v.partNo.trim(),
            version: v.version.trim(),
            iccid: v.iccid.trim(),
            kind: Number(v.kind),
            ...(v.kind === 1 ? { parentImei: v.parentImei.trim() } : {}),
            remark: v.remark.trim(),
          }),
      }}
      rowActions={(d) => (
        <>
          {d.kind === 0 ? (
            <RowAction onClick={() => { setDialog({ kind: 'bind', device: d }); }}>{d.vehicleId ? t('device.rebind') : t('device.bind')}</RowAction>
          ) : null}
          <RowAction onClick={() => { setDialog({ kind: 'tags', device: d }); }}>{t('device.tags')}</RowAction>
        </>
      )}
    >
      {dialog?.kind === 'bind' ? (
        <FormDialog<{ carId: number | '' }>
          open
          size="sm"
          columns={1}
          onClose={() => { setDialog(null); }}
          title={t('device.bindTitle', { imei: dialog.device.imei })}
          testId="device-bind"
          fields={[{ name: 'carId', label: t('device.vehicle'), type: 'select', required: true, options: (vehicles.data?.list ?? []).map((v) => ({ value: v.carId, label: v.plate })) }]}
          initialValues={{ carId: dialog.device.vehicleId ?? '' }}
          onSubmit={(v) => bindImei.mutateAsync({ carId: Number(v.carId), imei: dialog.device.imei })}
        />
      ) : null}
      {dialog?.kind === 'tags' ? (
        <FormDialog<{ tagIds: number[] }>
          open
          size="sm"
          columns={1}
          onClose={() => { setDialog(null); }}
          title={t('device.tagsTitle', { imei: dialog.device.imei })}
          testId="device-tags"
          fields={[{ name: 'tagIds', label: t('device.tags'), type: 'multiselect', options: tagOptions }]}
          initialValues={{ tagIds: dialog.device.tags.map((g) => g.id) }}
          onSubmit={(v) => setTags.mutateAsync({ deviceId: dialog.device.id, tagIds: v.tagIds })}
        />
      ) : null}
    </ResourceView>
  );
}
