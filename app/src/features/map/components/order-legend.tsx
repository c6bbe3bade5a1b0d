/** What the work-order markers mean (shown while their layer is on), and that the layer stops at its limit. */
import { useTranslation } from 'react-i18next';

import { ORDER_COLORS } from '../order-layer';

function Diamond({ fill, stroke }: { fill: string; stroke: string }) {
  return <span aria-hidden="true" className="size-3 shrink-0 rotate-45 border-2" style={{ backgroundColor: fill, borderColor: stroke }} />;
}

export function OrderLegend({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation('map');
  const { t: tw } = useTranslation('work');
  return (
    <section aria-labelledby="order-legend" className="mt-2 rounded-lg bg-white/90 px-3 py-2 text-xs text-slate-600 shadow-sm ring-1 ring-slate-200" data-testid="order-legend">
      <h2 id="order-legend" className="mb-1 font-semibold text-slate-800">
        {t('orders.legend')}
      </h2>
      <ul className="space-y-1">
        <li className="flex items-center gap-2">
          <Diamond fill={ORDER_COLORS.pending} stroke={ORDER_COLORS.pending} />
          {tw('state.100')}
        </li>
        <li className="flex items-center gap-2">
          <Diamond fill={ORDER_COLORS.progress} stroke={ORDER_COLORS.progress} />
          {tw('state.101')}
        </li>
        <li className="flex items-center gap-2">
          <Diamond fill="#ffffff" stroke={ORDER_COLORS.overdue} />
          {tw('list.overdue')}
        </li>
      </ul>
      {total > shown ? <p className="mt-1 max-w-48 text-amber-800">{t('orders.truncated', { shown, total })}</p> : null}
    </section>
  );
}
