/** What the work-order markers mean (shown while their layer is on), and that the layer stops at its limit. */
import { useTranslation } from 'react-i18next';

import { ORDER_COLORS } from '../order-layer';
import { MapLegend } from '@/components/map/map-legend';

function Diamond({ fill, stroke }: { fill: string; stroke: string }) {
  return <span aria-hidden="true" className="size-3 shrink-0 rotate-45 border-2" style={{ backgroundColor: fill, borderColor: stroke }} />;
}

export function OrderLegend({ shown, total, totalCapped }: { shown: number; total: number; totalCapped: boolean }) {
  const { t } = useTranslation('map');
  const { t: tw } = useTranslation('work');
  const entries = [
    { key: 'pending', swatch: <Diamond fill={ORDER_COLORS.pending} stroke={ORDER_COLORS.pending} />, label: tw('state.100') },
    { key: 'progress', swatch: <Diamond fill={ORDER_COLORS.progress} stroke={ORDER_COLORS.progress} />, label: tw('state.101') },
    { key: 'overdue', swatch: <Diamond fill="#ffffff" stroke={ORDER_COLORS.overdue} />, label: tw('list.overdue') },
  ];
  return (
    <MapLegend id="order-legend" title={t('orders.legend')} entries={entries} className="mt-2">
      {total > shown ? <p className="mt-1 max-w-48 text-amber-800">{t(totalCapped ? 'orders.truncatedCapped' : 'orders.truncated', { shown, total })}</p> : null}
    </MapLegend>
  );
}
