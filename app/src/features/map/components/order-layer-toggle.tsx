/** The work-order layer's switch among the map's layer controls, with how many orders it draws (and of how many). */
import { useTranslation } from 'react-i18next';

import { cx } from '@/components/ui/cx';
import { SpinnerIcon } from '@/components/ui/icons';
import type { OrdersOnMap } from '@/features/work';
import { ORDER_COLORS, orderCount } from '../order-layer';

interface OrderLayerToggleProps {
  on: boolean;
  onChange: (on: boolean) => void;
  layer: OrdersOnMap;
}

export function OrderLayerToggle({ on, onChange, layer }: OrderLayerToggleProps) {
  const { t } = useTranslation('map');
  const count = orderCount(layer.orders.length, layer.total);
  const note = on && count.truncated ? t('orders.truncated', { shown: layer.orders.length, total: layer.total }) : undefined;
  return (
    <button
      type="button"
      aria-pressed={on}
      title={note}
      onClick={() => {
        onChange(!on);
      }}
      className={cx(
        'inline-flex h-8 items-center gap-2 rounded-lg px-2.5 text-sm font-medium shadow-sm ring-1 transition-colors',
        on ? 'bg-accent ring-accent text-white' : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50',
      )}
      data-testid="order-layer-toggle"
    >
      <span aria-hidden="true" className="size-2.5 rotate-45 ring-1 ring-white" style={{ backgroundColor: ORDER_COLORS.pending }} />
      {t('orders.toggle')}
      {on ? (
        <span className={cx('rounded-full bg-white/20 px-1.5 text-xs tabular-nums', count.truncated && 'bg-amber-300 text-amber-950')} data-testid="order-layer-count">
          {layer.loading ? <SpinnerIcon className="size-3 animate-spin" /> : layer.failed ? '!' : count.text}
        </span>
      ) : null}
      {note ? <span className="sr-only">{note}</span> : null}
    </button>
  );
}
