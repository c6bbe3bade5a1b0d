/**
 * A vehicle's wheel layout with its latest pressures and temperatures (the map's vehicle panel, the vehicle panel
 * view), coloured by the enterprise's thresholds: getSensor again whenever the caller's live version moves.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { ErrorState, LoadingState } from '@/components/ui/states';
import { useUnits } from '@/features/settings';
import { UnitSwitch, useCarInfo, useVehicleWheels, useWheelLimits, WheelDiagram } from '@/features/vehicles';

export function LiveWheels({ carId, changedVersion }: { carId: number; changedVersion: number }) {
  const { t } = useTranslation('map');
  const info = useCarInfo(carId);
  const wheels = useVehicleWheels(carId);
  const units = useUnits();
  const limits = useWheelLimits(info.data?.enterpriseId ?? null);
  const { refetch } = wheels;
  useEffect(() => {
    if (changedVersion > 0) void refetch();
  }, [changedVersion, refetch]);
  if (info.isPending) return <LoadingState />;
  if (info.isError) return <ErrorState message={t('fleetFailed')} onRetry={() => void info.refetch()} />;
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{t('vehicle.wheels')}</h3>
        <UnitSwitch units={units} />
      </div>
      <WheelDiagram axleLayout={info.data.axleLayout} wheels={wheels.data ?? info.data.wheels} limits={limits} pressureUnit={units.pressure} tempUnit={units.temp} />
    </div>
  );
}
