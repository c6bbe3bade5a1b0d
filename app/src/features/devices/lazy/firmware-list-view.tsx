/** equipmentManage/firmwareList: firmware images per part number (register by URL, delete when no upgrade uses them). */
import { useTranslation } from 'react-i18next';

import { ResourceView } from '@/components/crud/resource-view';
import { useApp } from '@/lib/app-context';
import { formatBytes, formatDateTime, orUndefined } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useAddFirmware } from '../api/add-firmware';
import { useDeleteFirmware } from '../api/delete-firmware';
import { getFirmware, type FirmwareListParams } from '../api/get-firmware';
import { deviceKeys } from '../api/keys';
import type { FirmwareRow } from '../types';

interface FirmwareValues {
  model: string;
  version: string;
  url: string;
  checksum: string;
  size: number | '';
  remark: string;
}

export default function FirmwareListView({ route }: MenuViewProps) {
  const { t } = useTranslation('fleet');
  const { lang } = useApp();
  const add = useAddFirmware();
  const del = useDeleteFirmware();
  return (
    <ResourceView<FirmwareRow, FirmwareListParams, FirmwareValues, number>
      title={menuTitle(route, lang)}
      testId="firmware"
      queryKey={deviceKeys.firmware}
      fetchPage={getFirmware}
      toParams={(v) => ({ model: orUndefined(v.model), keyword: orUndefined(v.version) })}
      searchFields={[
        { name: 'model', label: t('device.partNo') },
        { name: 'version', label: t('device.version') },
      ]}
      columns={[
        { key: 'model', header: t('device.partNo'), primary: true, cell: (f) => f.model },
        { key: 'version', header: t('device.version'), cell: (f) => f.version },
        { key: 'url', header: t('firmware.url'), cell: (f) => <span className="break-all">{f.url}</span> },
        { key: 'size', header: t('firmware.size'), cell: (f) => formatBytes(f.size) },
        { key: 'tasks', header: t('firmware.openTasks'), cell: (f) => f.openTasks, align: 'right' },
        { key: 'created', header: t('vehicle.created'), cell: (f) => formatDateTime(f.createdAt), hideOnMobile: true },
      ]}
      rowKey={(f) => f.id}
      rowLabel={(f) => `${f.model} ${f.version}`}
      exportName="firmware"
      exportColumns={[
        { header: t('device.partNo'), value: (f) => f.model },
        { header: t('device.version'), value: (f) => f.version },
        { header: t('firmware.url'), value: (f) => f.url },
        { header: t('firmware.checksum'), value: (f) => f.checksum },
        { header: t('firmware.size'), value: (f) => f.size },
      ]}
      form={{
        addLabel: t('firmware.add'),
        editTitle: (f) => `${f.model} ${f.version}`,
        editable: () => false,
        fields: [
          { name: 'model', label: t('device.partNo'), type: 'text', required: true, maxLength: 32 },
          { name: 'version', label: t('device.version'), type: 'text', required: true, maxLength: 32 },
          { name: 'url', label: t('firmware.url'), type: 'text', required: true, wide: true, pattern: { re: /^https?:\/\/\S+$/, message: t('firmware.urlInvalid') } },
          { name: 'checksum', label: t('firmware.checksum'), type: 'text', maxLength: 128 },
          { name: 'size', label: t('firmware.sizeBytes'), type: 'number' },
          { name: 'remark', label: t('vehicle.remark'), type: 'textarea', wide: true, maxLength: 200 },
        ],
        empty: { model: '', version: '', url: '', checksum: '', size: '', remark: '' },
        fromRow: (f) => ({ model: f.model, version: f.version, url: f.url, checksum: f.checksum, size: f.size, remark: f.remark }),
        save: (v) =>
          add.mutateAsync({ model: v.model.trim(), version: v.version.trim(), url: v.url.trim(), checksum: v.checksum.trim(), ...(v.size === '' ? {} : { size: v.size }), remark: v.remark.trim() }),
      }}
      remove={(ids) => del.mutateAsync({ ids })}
    />
  );
}
