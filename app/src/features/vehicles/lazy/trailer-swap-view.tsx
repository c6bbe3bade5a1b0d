/** dataManage/trailerSwap: hitch and swap records, hitching a trailer (or unhitching) and two tractors exchanging trailers. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/crud/form-dialog';
import type { Option } from '@/components/crud/form';
import { ResourceView } from '@/components/crud/resource-view';
import { Button } from '@/components/ui/button';
import { useApp } from '@/lib/app-context';
import { formatDateTime, orUndefined } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useExchangeTrailer } from '../api/exchange-trailer';
import { getTrailerSwaps, trailerSwapsKey, type TrailerSwapParams } from '../api/get-trailer-swaps';
import { useVehicleOptions } from '../api/get-vehicles';
import { useTrailerChange } from '../api/trailer-change';
import type { TrailerSwap } from '../types';

type Dialog = 'hitch' | 'exchange' | null;

export default function TrailerSwapView({ route }: MenuViewProps) {
  const { t } = useTranslation('fleet');
  const { lang } = useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const tractors = useVehicleOptions({ page: 1, pageSize: 500, kind: 0 });
  const trailers = useVehicleOptions({ page: 1, pageSize: 500, kind: 1 });
  const hitch = useTrailerChange();
  const exchange = useExchangeTrailer();
  const tractorOptions: Option[] = (tractors.data?.list ?? []).map((v) => ({ value: v.carId, label: v.trailerPlate ? `${v.plate} (${v.trailerPlate})` : v.plate }));
  const trailerOptions: Option[] = (trailers.data?.list ?? []).map((v) => ({ value: v.carId, label: v.plate }));
  const close = () => {
    setDialog(null);
  };
  return (
    <ResourceView<TrailerSwap, TrailerSwapParams, object, number>
      title={menuTitle(route, lang)}
      testId="trailer-swaps"
      queryKey={trailerSwapsKey}
      fetchPage={getTrailerSwaps}
      toParams={(v) => ({ plate: orUndefined(v.plate) })}
      searchFields={[{ name: 'plate', label: t('vehicle.plate') }]}
      columns={[
        { key: 'plate', header: t('swap.tractor'), primary: true, cell: (r) => r.tractorPlate },
        { key: 'old', header: t('swap.oldTrailer'), cell: (r) => r.fromPlate },
        { key: 'new', header: t('swap.newTrailer'), cell: (r) => r.toPlate || t('swap.unhitched') },
        { key: 'address', header: t('swap.address'), cell: (r) => r.address, hideOnMobile: true },
        { key: 'at', header: t('swap.at'), cell: (r) => formatDateTime(r.created) },
      ]}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.tractorPlate}
      exportName="trailer-swaps"
      exportColumns={[
        { header: t('swap.tractor'), value: (r) => r.tractorPlate },
        { header: t('swap.oldTrailer'), value: (r) => r.fromPlate },
        { header: t('swap.newTrailer'), value: (r) => r.toPlate },
        { header: t('swap.address'), value: (r) => r.address },
        { header: t('swap.at'), value: (r) => formatDateTime(r.created) },
      ]}
      toolbar={
        <>
          <Button variant="secondary" size="sm" onClick={() => { setDialog('exchange'); }}>
            {t('swap.exchange')}
          </Button>
          <Button variant="accent" size="sm" onClick={() => { setDialog('hitch'); }}>
            {t('swap.hitch')}
          </Button>
        </>
      }
    >
      {dialog === 'hitch' ? (
        <FormDialog<{ carId: number | ''; trailerId: number | '' }>
          open
          size="md"
          columns={1}
          onClose={close}
          title={t('swap.hitch')}
          testId="trailer-hitch"
          fields={[
            { name: 'carId', label: t('swap.tractor'), type: 'select', required: true, options: tractorOptions },
            { name: 'trailerId', label: t('swap.newTrailer'), type: 'select', options: trailerOptions, hint: t('swap.emptyUnhitches') },
          ]}
          initialValues={{ carId: '', trailerId: '' }}
          onSubmit={(v) => hitch.mutateAsync({ carId: Number(v.carId), trailerId: v.trailerId === '' ? null : v.trailerId })}
        />
      ) : null}
      {dialog === 'exchange' ? (
        <FormDialog<{ carId: number | ''; otherCarId: number | '' }>
          open
          size="md"
          columns={1}
          onClose={close}
          title={t('swap.exchange')}
          testId="trailer-exchange"
          fields={[
            { name: 'carId', label: t('swap.tractor'), type: 'select', required: true, options: tractorOptions },
            { name: 'otherCarId', label: t('swap.otherTractor'), type: 'select', required: true, options: tractorOptions, validate: (v, all) => (v !== '' && v === all.carId ? t('swap.sameTractor') : null) },
          ]}
          initialValues={{ carId: '', otherCarId: '' }}
          onSubmit={(v) => exchange.mutateAsync({ carId: Number(v.carId), otherCarId: Number(v.otherCarId) })}
        />
      ) : null}
    </ResourceView>
  );
}
