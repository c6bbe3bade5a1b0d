/**
 * The vehicle a vehicle view (gauges, info card, wheel panel) shows, kept in the URL (`?carId=&plate=`) so a search
 * result, a link or a reload opens the same vehicle.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import type { PickedVehicle } from '@/features/vehicles';

export function usePickedVehicle(): [PickedVehicle | null, (vehicle: PickedVehicle | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('carId');
  const plate = params.get('plate') ?? '';
  const picked = useMemo(() => {
    const id = Number(raw);
    return raw !== null && Number.isSafeInteger(id) && id > 0 ? { id, plate } : null;
  }, [raw, plate]);
  const pick = useCallback(
    (vehicle: PickedVehicle | null) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (vehicle) {
            next.set('carId', String(vehicle.id));
            next.set('plate', vehicle.plate);
          } else {
            next.delete('carId');
            next.delete('plate');
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [picked, pick];
}
