/** The shared naming of wheel positions (src/lib/wheels.ts) bound to the current language. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { axleName, wheelEndName, wheelName, wheelPlaceName } from '@/lib/wheels';

export interface WheelNames {
  /** "Axle 2, right outer"; "Axle 2, wheel 3" without the wheels per axle. */
  wheel: (position: number | null | undefined, wheelsPerAxle?: readonly number[] | null) => string;
  /** "right outer", for a drawing that shows the axle. */
  place: (position: number, wheelsPerAxle: readonly number[] | null) => string | null;
  axle: (axle: number) => string;
  /** A hub `axle * 10 + side`: "Axle 2, left wheel end". */
  wheelEnd: (position: number) => string;
}

export function useWheelNames(): WheelNames {
  const { t } = useTranslation('common');
  return useMemo(
    () => ({
      wheel: (position, wheelsPerAxle = null) => wheelName(position, wheelsPerAxle, t),
      place: (position, wheelsPerAxle) => wheelPlaceName(position, wheelsPerAxle, t),
      axle: (axle) => axleName(axle, t),
      wheelEnd: (position) => wheelEndName(position, t),
    }),
    [t],
  );
}
