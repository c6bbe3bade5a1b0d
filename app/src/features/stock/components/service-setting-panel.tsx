/** The enterprise's service settings (getServiceSetting / serviceSetting): labour rate, the parts warehouse, service intervals, tax. */
import { useTranslation } from 'react-i18next';

import { FormPanel } from '@/components/crud/form-panel';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useButtons } from '@/lib/console/menu-route-context';
import { useServiceSetting } from '../api/get-service-setting';
import { useSaveServiceSetting } from '../api/save-service-setting';
import { useWarehouseChoices } from './selects';

interface ServiceValues {
  labourRate: number | '';
  defaultWarehouseId: number | '';
  intervalKm: number | '';
  intervalDays: number | '';
  taxRate: number | '';
}

const nonNegative = (message: string) => (v: unknown) => (typeof v === 'number' && v < 0 ? message : null);

export function ServiceSettingPanel() {
  const { t } = useTranslation('stock');
  const can = useButtons();
  const warehouses = useWarehouseChoices();
  const setting = useServiceSetting();
  const save = useSaveServiceSetting();
  if (setting.isError) return <ErrorState message={t('settings.loadFailed')} onRetry={() => void setting.refetch()} />;
  if (!setting.data) return <LoadingState />;
  const s = setting.data;
  const check = nonNegative(t('error.notNegative'));
  const num = (v: number | '') => (v === '' ? undefined : v);
  return (
    <FormPanel<ServiceValues>
      key={JSON.stringify(s)}
      testId="service-setting"
      label={t('settings.service')}
      readOnly={!can('edit')}
      fields={[
        { name: 'labourRate', label: t('settings.labourRate'), type: 'number', validate: check },
        { name: 'defaultWarehouseId', label: t('settings.defaultWarehouse'), type: 'select', options: warehouses, hint: t('settings.defaultWarehouseHint') },
        { name: 'intervalKm', label: t('settings.intervalKm'), type: 'number', validate: check },
        { name: 'intervalDays', label: t('settings.intervalDays'), type: 'number', validate: check },
        { name: 'taxRate', label: t('settings.taxRate'), type: 'number', validate: check },
      ]}
      initialValues={{ labourRate: s.labourRate, defaultWarehouseId: s.defaultWarehouseId ?? '', intervalKm: s.intervalKm ?? '', intervalDays: s.intervalDays ?? '', taxRate: s.taxRate }}
      onSubmit={(v) =>
        save.mutateAsync({
          labourRate: num(v.labourRate),
          defaultWarehouseId: v.defaultWarehouseId === '' ? null : v.defaultWarehouseId,
          intervalKm: v.intervalKm === '' ? null : v.intervalKm,
          intervalDays: v.intervalDays === '' ? null : v.intervalDays,
          taxRate: num(v.taxRate),
        })
      }
    />
  );
}
