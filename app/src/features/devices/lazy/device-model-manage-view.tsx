/**
 * equipmentManage/deviceModelManage: the device models (part numbers) in use with their firmware versions and device
 * counts (/web/device/version), and the enterprise's upgrade strategy per model (/web/device/strategy).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/crud/form-dialog';
import { ResourceView } from '@/components/crud/resource-view';
import { RowAction } from '@/components/crud/view';
import { useApp } from '@/lib/app-context';
import { orUndefined } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useFirmware } from '../api/get-firmware';
import type { PageCall } from '@/lib/calls';
import { getVersions, type VersionParams } from '../api/get-versions';
import { deviceKeys } from '../api/keys';
import { useSaveStrategy } from '../api/save-strategy';
import type { VersionCount } from '../types';

interface StrategyValues {
  auto: boolean;
  firmwareId: number | '';
  windowStart: string;
  windowEnd: string;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The server answers every model of the scope at once; the part-number filter is applied here. */
const versionsOf: PageCall<VersionParams, VersionCount> = async (params, signal) => {
  const all = await getVersions(params, signal);
  const part = params.partNo?.trim().toUpperCase();
  const list = part ? all.list.filter((r) => r.partNo.toUpperCase().includes(part)) : all.list;
  return { ...all, list, total: list.length };
};

export default function DeviceModelManageView({ route }: MenuViewProps) {
  const { t } = useTranslation('fleet');
  const { lang } = useApp();
  const [model, setModel] = useState<string | null>(null);
  const firmware = useFirmware({ page: 1, pageSize: 500, model: model ?? undefined });
  const save = useSaveStrategy();
  const time = (v: unknown) => (typeof v === 'string' && v !== '' && !HHMM.test(v) ? t('deviceModel.timeInvalid') : null);
  return (
    <ResourceView<VersionCount, VersionParams, object, string>
      title={menuTitle(route, lang)}
      testId="device-models"
      queryKey={deviceKeys.versions}
      fetchPage={versionsOf}
      toParams={(v) => ({ partNo: orUndefined(v.partNo) })}
      searchFields={[{ name: 'partNo', label: t('device.partNo') }]}
      columns={[
        { key: 'partNo', header: t('device.partNo'), primary: true, cell: (r) => r.partNo },
        { key: 'version', header: t('device.version'), cell: (r) => r.version },
        { key: 'devices', header: t('deviceModel.devices'), cell: (r) => r.devices, align: 'right' },
        { key: 'online', header: t('filter.online'), cell: (r) => r.online, align: 'right' },
      ]}
      rowKey={(r) => `${r.partNo}\u0000${r.version}`}
      rowLabel={(r) => `${r.partNo} ${r.version}`}
      exportName="device-models"
      exportColumns={[
        { header: t('device.partNo'), value: (r) => r.partNo },
        { header: t('device.version'), value: (r) => r.version },
        { header: t('deviceModel.devices'), value: (r) => r.devices },
        { header: t('filter.online'), value: (r) => r.online },
      ]}
      rowActions={(r) => <RowAction onClick={() => { setModel(r.partNo); }}>{t('deviceModel.strategy')}</RowAction>}
    >
      {model !== null ? (
        <FormDialog<StrategyValues>
          open
          size="md"
          onClose={() => { setModel(null); }}
          title={t('deviceModel.strategyTitle', { model })}
          testId="device-strategy"
          fields={[
            { name: 'auto', label: t('deviceModel.auto'), type: 'switch', wide: true },
            { name: 'firmwareId', label: t('upgrade.firmware'), type: 'select', options: (firmware.data?.list ?? []).map((f) => ({ value: f.id, label: f.version })), validate: (v, all) => (all.auto && v === '' ? t('deviceModel.firmwareRequired') : null) },
            { name: 'windowStart', label: t('deviceModel.windowStart'), type: 'text', placeholder: '02:00', validate: time },
            { name: 'windowEnd', label: t('deviceModel.windowEnd'), type: 'text', placeholder: '05:00', validate: time },
          ]}
          initialValues={{ auto: false, firmwareId: '', windowStart: '', windowEnd: '' }}
          onSubmit={(v) => save.mutateAsync({ strategy: { model, auto: v.auto, firmwareId: v.firmwareId === '' ? null : v.firmwareId, windowStart: v.windowStart, windowEnd: v.windowEnd } })}
        />
      ) : null}
    </ResourceView>
  );
}
