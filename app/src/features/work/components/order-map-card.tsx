/** A work order picked on the map: number, title, state, vehicle, assignee, due time, address, and the way to the order. */
import { useTranslation } from 'react-i18next';

import { LinkButton } from '@/components/ui/button';
import { ArrowRightIcon, CloseIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/states';
import type { OrderRow } from '@/lib/api-types';
import { formatDateTime } from '@/lib/format';
import { StateBadge } from './badges';
import { Row } from './info-row';
import { useOrderPath } from './order-columns';

export function OrderMapCard({ order: o, onClose }: { order: OrderRow; onClose: () => void }) {
  const { t } = useTranslation('work');
  const path = useOrderPath();
  return (
    <section aria-label={t('map.card', { number: o.number })} className="space-y-2 rounded-xl bg-white p-3 text-sm shadow-lg ring-1 ring-slate-200" data-testid="order-card">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-slate-500 tabular-nums" data-testid="order-card-number">
            {o.number}
          </p>
          <h2 className="font-semibold break-words text-slate-900">{o.title}</h2>
        </div>
        <button type="button" aria-label={t('map.close')} title={t('map.close')} onClick={onClose} className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900">
          <CloseIcon className="size-4" />
        </button>
      </div>
      <div className="flex flex-wrap gap-1.5">
        <StateBadge state={o.state} />
        {o.overdue ? <Badge tone="red">{t('list.overdue')}</Badge> : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <Row label={t('field.vehicle')}>{o.plate || '—'}</Row>
        <Row label={t('field.assignee')}>{o.assigneeName || t('people.nobody')}</Row>
        <Row label={t('field.dueAt')}>{o.dueAt ? formatDateTime(o.dueAt) : '—'}</Row>
        <Row label={t('field.address')}>{o.address || '—'}</Row>
      </dl>
      <LinkButton to={path(o.id)} variant="secondary" size="sm" className="w-full" data-testid="order-card-link">
        {t('map.open')}
        <ArrowRightIcon className="size-4" />
      </LinkButton>
    </section>
  );
}
