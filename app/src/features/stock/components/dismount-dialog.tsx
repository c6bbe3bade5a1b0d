/** Dismount a tyre (tyre/dismount): back into a warehouse (a return move), or scrapped there at once (a scrap move after it). */
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/crud/form-dialog';
import { useDismountTyre } from '../api/dismount-tyre';
import type { TyreAsset } from '../types';
import { useWarehouseChoices } from './selects';
import { useStockLabels } from './use-stock-labels';

interface DismountValues {
  warehouseId: number | '';
  scrap: boolean;
  remark: string;
}

export function DismountDialog({ tyre, onClose }: { tyre: TyreAsset; onClose: () => void }) {
  const { t } = useTranslation('stock');
  const labels = useStockLabels();
  const warehouses = useWarehouseChoices();
  const dismount = useDismountTyre();
  return (
    <FormDialog<DismountValues>
      open
      onClose={onClose}
      title={t('tyre.dismountTitle', { serial: tyre.serial })}
      description={t('tyre.dismountHint', { plate: tyre.plate, position: labels.wheel(tyre.position, tyre.wheelsPerAxle) })}
      testId="dismount-dialog"
      size="md"
      columns={1}
      submitLabel={t('tyre.dismount')}
      fields={[
        { name: 'warehouseId', label: t('tyre.intoWarehouse'), type: 'select', required: true, options: warehouses },
        { name: 'scrap', label: t('tyre.scrap'), type: 'switch', hint: t('tyre.scrapHint') },
        { name: 'remark', label: t('move.remark'), type: 'textarea', maxLength: 200 },
      ]}
      initialValues={{ warehouseId: tyre.warehouseId ?? '', scrap: false, remark: '' }}
      onSubmit={(v) =>
        dismount.mutateAsync({ id: tyre.id, warehouseId: Number(v.warehouseId), ...(v.scrap ? { scrap: true } : {}), ...(v.remark.trim() ? { remark: v.remark.trim() } : {}) })
      }
    />
  );
}
