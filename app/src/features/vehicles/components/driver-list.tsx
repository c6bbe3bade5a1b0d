/** The drivers tab of vehicle manage: drivers with masked phones, add/edit (with the vehicles they drive), batch import. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { Option } from '@/components/crud/form';
import { ResourceView } from '@/components/crud/resource-view';
import { useButtons } from '@/lib/console/menu-route-context';
import { isValidPhone, normalizePhone } from '@/lib/account-rules';
import { maskPhone, orUndefined } from '@/lib/format';
import { importTable } from '@/features/system';
import { driversKey, getDrivers, type DriverListParams } from '../api/get-drivers';
import { useVehicleOptions } from '../api/get-vehicles';
import { useUpdateDriver } from '../api/update-driver';
import type { DriverRow } from '../types';

interface DriverValues {
  name: string;
  phone: string;
  license: string;
  carIds: number[];
  remark: string;
}

/** The columns of the server's `drivers` importer (enterprise: an id or exact name; default the acting one). */
const DRIVER_TEMPLATE = ['name', 'phone', 'license', 'remark', 'enterprise'] as const;

export function DriverList({ title, header }: { title: string; header: ReactNode }) {
  const { t } = useTranslation('fleet');
  const can = useButtons();
  const save = useUpdateDriver();
  const vehicles = useVehicleOptions({ page: 1, pageSize: 500 });
  const vehicleOptions: Option[] = (vehicles.data?.list ?? []).map((v) => ({ value: v.carId, label: v.plate }));
  return (
    <ResourceView<DriverRow, DriverListParams, DriverValues, number>
      title={title}
      header={header}
      testId="drivers"
      queryKey={driversKey}
      fetchPage={getDrivers}
      // editors get full phone numbers (for the form); lists show them masked either way
      toParams={(v) => ({ keyword: orUndefined(v.keyword), edit: can('edit') })}
      searchFields={[{ name: 'keyword', label: t('driver.keyword') }]}
      columns={[
        { key: 'name', header: t('driver.name'), primary: true, cell: (d) => d.name },
        { key: 'phone', header: t('driver.phone'), cell: (d) => <span className="tabular-nums">{maskPhone(d.phone)}</span> },
        { key: 'license', header: t('driver.license'), cell: (d) => d.license },
        { key: 'plates', header: t('driver.vehicles'), cell: (d) => d.plates.join(', ') },
      ]}
      rowKey={(d) => d.id}
      rowLabel={(d) => d.name}
      exportName="drivers"
      exportColumns={[
        { header: t('driver.name'), value: (d) => d.name },
        { header: t('driver.phone'), value: (d) => maskPhone(d.phone) },
        { header: t('driver.license'), value: (d) => d.license },
        { header: t('driver.vehicles'), value: (d) => d.plates.join(' / ') },
      ]}
      importer={{ title: t('driver.import'), templateColumns: DRIVER_TEMPLATE, templateName: 'drivers', upload: (file, name) => importTable('drivers', file, name) }}
      form={{
        addLabel: t('driver.add'),
        editTitle: (d) => t('driver.edit', { name: d.name }),
        fields: [
          { name: 'name', label: t('driver.name'), type: 'text', required: true, maxLength: 32 },
          { name: 'phone', label: t('driver.phone'), type: 'tel', required: true, validate: (v) => (typeof v === 'string' && isValidPhone(v) ? null : t('driver.phoneInvalid')) },
          { name: 'license', label: t('driver.license'), type: 'text', maxLength: 32 },
          { name: 'carIds', label: t('driver.vehicles'), type: 'multiselect', options: vehicleOptions },
          { name: 'remark', label: t('vehicle.remark'), type: 'textarea', wide: true, maxLength: 200 },
        ],
        empty: { name: '', phone: '', license: '', carIds: [], remark: '' },
        fromRow: (d) => ({ name: d.name, phone: d.phone, license: d.license, carIds: d.carIds, remark: d.remark }),
        save: (v, row) =>
          save.mutateAsync({ ...(row ? { id: row.id } : {}), name: v.name.trim(), phone: normalizePhone(v.phone.trim()), license: v.license.trim(), carIds: v.carIds, remark: v.remark.trim() }),
      }}
      remove={(ids) => save.mutateAsync({ delete: true, ids })}
    />
  );
}
