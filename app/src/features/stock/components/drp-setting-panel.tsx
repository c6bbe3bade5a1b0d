/** The enterprise's stock settings (getDrpSetting / drpSetting): negative stock, valuation, default low-stock threshold, alerts. */
import { useTranslation } from 'react-i18next';

import { FormPanel } from '@/components/crud/form-panel';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useButtons } from '@/lib/console/menu-route-context';
import { useDrpSetting } from '../api/get-drp-setting';
import { useSaveDrpSetting } from '../api/save-drp-setting';

interface DrpValues {
  allowNegative: boolean;
  /** "average" or "fifo". */
  valuation: string;
  lowStock: number | '';
  alertLowStock: boolean;
}

export function DrpSettingPanel() {
  const { t } = useTranslation('stock');
  const can = useButtons();
  const setting = useDrpSetting();
  const save = useSaveDrpSetting();
  if (setting.isError) return <ErrorState message={t('settings.loadFailed')} onRetry={() => void setting.refetch()} />;
  if (!setting.data) return <LoadingState />;
  const s = setting.data;
  return (
    <FormPanel<DrpValues>
      key={JSON.stringify(s)}
      testId="drp-setting"
      label={t('settings.stock')}
      readOnly={!can('edit')}
      fields={[
        { name: 'valuation', label: t('settings.valuation'), type: 'select', required: true, hint: t('settings.valuationHint'), options: [{ value: 'average', label: t('settings.average') }, { value: 'fifo', label: t('settings.fifo') }] },
        { name: 'lowStock', label: t('settings.lowStock'), type: 'number', hint: t('settings.lowStockHint'), validate: (v) => (typeof v === 'number' && v < 0 ? t('error.notNegative') : null) },
        { name: 'allowNegative', label: t('settings.allowNegative'), type: 'switch', hint: t('settings.allowNegativeHint') },
        { name: 'alertLowStock', label: t('settings.alertLowStock'), type: 'switch', hint: t('settings.alertLowStockHint') },
      ]}
      initialValues={{ allowNegative: s.allowNegative, valuation: s.valuation, lowStock: s.lowStock, alertLowStock: s.alertLowStock }}
      onSubmit={(v) =>
        save.mutateAsync({
          allowNegative: v.allowNegative,
          alertLowStock: v.alertLowStock,
          ...(v.valuation === '' ? {} : { valuation: v.valuation }),
          lowStock: v.lowStock === '' ? 0 : v.lowStock,
        })
      }
    />
  );
}
