/** The map of a place's or route's dialog, drawn on: its size, its words, and a red ring while the field is invalid. */
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

import { ShapeMap } from '@/components/map/shape-map';
import { cx } from '@/components/ui/cx';

type DrawMapProps = Omit<ComponentProps<typeof ShapeMap>, 'shapes' | 'label' | 'loadingText' | 'errorText' | 'className'> & { invalid: boolean };

export function DrawMap({ invalid, ...rest }: DrawMapProps) {
  const { t } = useTranslation('places');
  return (
    <ShapeMap
      {...rest}
      shapes={[]}
      label={t('draw.mapLabel')}
      loadingText={t('map.loading')}
      errorText={t('map.failed')}
      className={cx('relative h-64 rounded-lg ring-1 md:h-72', invalid ? 'ring-red-400' : 'ring-slate-300')}
    />
  );
}
