/** equipmentManage/sensor: wheel sensors with their vehicle, position and latest reading; bind at a wheel position, unbind. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/crud/form-dialog';
import { ResourceView } from '@/components/crud/resource-view';
import type { SearchValues } from '@/components/crud/search-form';
import { RowAction } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { useApp } from '@/lib/app-context';
import { formatDateTime, orUndefined } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { formatPressure, formatTemp, useUnits } from '@/features/settings';
import { WheelLabel } from '@/features/vehicles';
import { useChangeTie } from '../api/change-tie';
import { useDetachSensors } from '../api/detach-sensors';
import { getSensors, type SensorListParams } from '../api/get-sensors';
import { deviceKeys } from '../api/keys';
import type { SensorRow } from '../types';

interface BindValues {
  imei: string;
  position: string;
  sensorNo: string;
  kind: number | '';
  replace: boolean;
}

const POSITION = /^[1-9][1-8]$/;
const numOr = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);
const bool = (s: string | undefined) => (s === 'true' ? true : s === 'false' ? false : undefined);

function toParams(v: SearchValues): SensorListParams {
  return { keyword: orUndefined(v.keyword), imei: orUndefined(v.imei), kind: numOr(v.kind), bound: bool(v.bound) };
}

export default function SensorView({ route }: MenuViewProps) {
  const { t } = useTranslation('fleet');
  const { lang } = useApp();
  const units = useUnits();
  const tie = useChangeTie();
  const detach = useDetachSensors();
  const [bind, setBind] = useState<BindValues | null>(null);
  const kindLabel = (k: number) => (k === 2 ? t('sensor.axle') : t('sensor.tyre'));
  const kindOptions = [
    { value: 1, label: t('sensor.tyre') },
    { value: 2, label: t('sensor.axle') },
  ];

  return (
    <ResourceView<SensorRow, SensorListParams, object, number>
      title={menuTitle(route, lang)}
      testId="sensors"
      queryKey={deviceKeys.sensors}
      fetchPage={getSensors}
      toParams={toParams}
      searchFields={[
        { name: 'keyword', label: t('sensor.keyword') },
        { name: 'imei', label: t('device.imei') },
        { name: 'kind', label: t('sensor.kind'), type: 'select', options: kindOptions },
        { name: 'bound', label: t('device.bound'), type: 'select', options: [{ value: 'true', label: t('common.yes') }, { value: 'false', label: t('common.no') }] },
      ]}
      columns={[
        { key: 'no', header: t('sensor.sensorNo'), primary: true, cell: (s) => <span className="font-medium tabular-nums">{s.sensorNo}</span> },
        { key: 'kind', header: t('sensor.kind'), cell: (s) => kindLabel(s.kind) },
        { key: 'plate', header: t('device.vehicle'), cell: (s) => s.plate ?? '' },
        { key: 'position', header: t('sensor.position'), cell: (s) => (s.position === null ? '' : <WheelLabel vehicleId={s.vehicleId} position={s.position} />) },
        { key: 'imei', header: t('device.imei'), cell: (s) => s.imei ?? '' },
        { key: 'pressure', header: t('sensor.pressure'), cell: (s) => formatPressure(s.pressure, units.pressure) },
        { key: 'temp', header: t('sensor.temp'), cell: (s) => formatTemp(s.temp, units.temp) },
        { key: 'battery', header: t('sensor.battery'), cell: (s) => (s.battery === null ? '' : `${String(s.battery)}%`) },
        { key: 'readAt', header: t('sensor.readAt'), cell: (s) => formatDateTime(s.readAt), hideOnMobile: true },
      ]}
      rowKey={(s) => s.id}
      rowLabel={(s) => s.sensorNo}
      exportName="sensors"
      exportColumns={[
        { header: t('sensor.sensorNo'), value: (s) => s.sensorNo },
        { header: t('sensor.kind'), value: (s) => kindLabel(s.kind) },
        { header: t('device.vehicle'), value: (s) => s.plate },
        { header: t('sensor.position'), value: (s) => s.position },
        { header: t('device.imei'), value: (s) => s.imei },
        { header: t('sensor.pressure'), value: (s) => formatPressure(s.pressure, units.pressure) },
        { header: t('sensor.temp'), value: (s) => formatTemp(s.temp, units.temp) },
        { header: t('sensor.battery'), value: (s) => s.battery },
      ]}
      remove={(ids) => detach.mutateAsync({ ids, delete: true })}
      rowActions={(s) => (
        <>
          <RowAction onClick={() => { setBind({ imei: s.imei ?? '', position: s.position === null ? '' : String(s.position), sensorNo: s.sensorNo, kind: s.kind, replace: false }); }}>
            {t('sensor.bind')}
          </RowAction>
          {s.vehicleId !== null || s.deviceId !== null ? (
            <RowAction onClick={() => void detach.mutateAsync({ ids: [s.id] }).catch(() => undefined)}>{t('sensor.unbind')}</RowAction>
          ) : null}
        </>
      )}
      bulkActions={(ids, clear) => (
        <Button variant="secondary" size="sm" onClick={() => void detach.mutateAsync({ ids }).then(clear).catch(() => undefined)}>
          {t('sensor.unbind')}
        </Button>
      )}
      toolbar={
        <Button variant="secondary" size="sm" onClick={() => { setBind({ imei: '', position: '', sensorNo: '', kind: 1, replace: false }); }}>
          {t('sensor.bind')}
        </Button>
      }
    >
      {bind ? (
        <FormDialog<BindValues>
          open
          size="md"
          onClose={() => { setBind(null); }}
          title={t('sensor.bindTitle')}
          testId="sensor-bind"
          fields={[
            { name: 'imei', label: t('device.imei'), type: 'text', required: true, maxLength: 32 },
            { name: 'position', label: t('sensor.position'), type: 'text', required: true, hint: t('sensor.positionHint'), pattern: { re: POSITION, message: t('sensor.positionInvalid') } },
            { name: 'sensorNo', label: t('sensor.sensorNo'), type: 'text', required: true, maxLength: 32, pattern: { re: /^[0-9A-Fa-f]+$/, message: t('sensor.sensorNoInvalid') } },
            { name: 'kind', label: t('sensor.kind'), type: 'select', options: kindOptions },
            { name: 'replace', label: t('sensor.replace'), type: 'switch' },
          ]}
          initialValues={bind}
          onSubmit={(v) => tie.mutateAsync({ imei: v.imei.trim(), position: Number(v.position), sensorNo: v.sensorNo.trim().toUpperCase(), ...(v.kind === '' ? {} : { kind: v.kind }), replace: v.replace })}
        />
      ) : null}
    </ResourceView>
  );
}
