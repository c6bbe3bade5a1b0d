/**
 * project/dialog (projectDialog): the quick "open work order" view other screens link to (the map's vehicle panel,
 * the live alarm list) with what they know in the query: vehicle, wheel position, alarm, location. The order form
 * opens at once with it; saving goes to the new order, closing goes back.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { Panel, ViewPage } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useOrderPath } from '../components/order-columns';
import { OrderForm } from '../components/order-form';
import { useOrderWheelName } from '../components/use-order-wheel-name';
import { prefillFromQuery } from '../prefill';

export default function DialogView({ route }: MenuViewProps) {
  const { t } = useTranslation('work');
  const { lang } = useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const path = useOrderPath();
  const prefill = prefillFromQuery(location.search);
  const wheelName = useOrderWheelName(prefill.vehicleId ?? null);
  const [open, setOpen] = useState(true);
  const facts = [
    prefill.plate ? t('quick.vehicle', { plate: prefill.plate }) : null,
    prefill.positions ? t('quick.positions', { list: prefill.positions.map(wheelName).join(t('form.listSeparator')) }) : null,
    prefill.alarmId !== undefined ? t('quick.alarm', { id: prefill.alarmId }) : null,
    prefill.lat !== undefined && prefill.lon !== undefined ? t('quick.location', { lat: prefill.lat.toFixed(6), lon: prefill.lon.toFixed(6) }) : null,
  ].filter((x): x is string => x !== null);
  return (
    <ViewPage title={menuTitle(route, lang)} description={t('quick.description')}>
      <Panel className="space-y-3 p-4">
        {facts.length > 0 ? (
          <ul className="list-inside list-disc text-sm text-slate-700" data-testid="quick-facts">
            {facts.map((f) => <li key={f}>{f}</li>)}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{t('quick.nothing')}</p>
        )}
        <Button variant="accent" className="max-md:h-11" onClick={() => { setOpen(true); }}>
          <PlusIcon className="size-4" />
          {t('list.add')}
        </Button>
      </Panel>
      {open ? (
        <OrderForm
          order={null}
          prefill={prefill}
          testId="quick-order-form"
          onClose={() => { setOpen(false); }}
          onSaved={(o) => void navigate(path(o.id))}
        />
      ) : null}
    </ViewPage>
  );
}
