/**
 * The POI dialog's geometry: the shape (point, circle, polygon) and the map to draw it on. A point is placed (and
 * moved) by a click; a circle is dragged out from its centre, its radius also typed; a polygon is clicked corner by
 * corner and closed on its first corner. The drawn shape can be dragged (vertices, centre, edge) or drawn again.
 */
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { TextInput } from '@/components/ui/fields';
import { DRAW_OF_SHAPE, SHAPES, type PoiDrawn } from '../model';
import type { PoiShape } from '../types';
import { DrawMap } from './draw-map';

export interface PoiGeometry {
  shape: PoiShape;
  drawn: PoiDrawn | null;
}

/** Circles the server accepts (docs/tracks.md). */
export const RADIUS_MIN_M = 1;
export const RADIUS_MAX_M = 100_000;

interface PoiGeometryFieldProps {
  id: string;
  value: PoiGeometry;
  onChange: (value: PoiGeometry) => void;
  invalid: boolean;
  describedBy?: string;
}

export function PoiGeometryField({ id, value, onChange, invalid, describedBy }: PoiGeometryFieldProps) {
  const { t } = useTranslation('places');
  const { shape, drawn } = value;
  // a point moves with every click; a circle or polygon is drawn once, then dragged
  const draw = drawn === null || shape === 1 ? DRAW_OF_SHAPE[shape] : 'none';
  const start: [number, number] | undefined = drawn ? (drawn.kind === 'polygon' ? [...(drawn.ring[0] ?? [116.4, 39.9])] : [drawn.lon, drawn.lat]) : undefined;
  return (
    <div className="space-y-2" aria-describedby={describedBy}>
      <div role="radiogroup" aria-label={t('field.shape')} className="flex flex-wrap gap-1.5">
        {SHAPES.map((s) => (
          <button
            key={s.code}
            type="button"
            role="radio"
            aria-checked={shape === s.code}
            onClick={() => {
              if (s.code !== shape) onChange({ shape: s.code, drawn: null });
            }}
            className={cx(
              'h-8 rounded-lg px-3 text-sm font-medium ring-1 transition-colors',
              shape === s.code ? 'bg-slate-900 text-white ring-slate-900' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
            )}
            data-testid={`poi-shape-${s.key}`}
          >
            {t(`shape.${s.key}`)}
          </button>
        ))}
      </div>
      <p className="text-xs text-slate-500" id={`${id}-how`}>
        {drawn === null ? t(`draw.${DRAW_OF_SHAPE[shape]}`) : t('draw.adjust')}
      </p>
      <DrawMap
        draw={draw}
        draft={drawn}
        center={start}
        zoom={start ? 13 : 9}
        onDrawn={(next) => {
          if (next.kind !== 'line') onChange({ shape, drawn: next });
        }}
        invalid={invalid}
        testId="poi-draw-map"
      />
      <div className="flex flex-wrap items-center gap-2">
        {drawn?.kind === 'circle' ? (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            {t('field.radius')}
            <TextInput
              id={id}
              type="number"
              inputMode="numeric"
              min={RADIUS_MIN_M}
              max={RADIUS_MAX_M}
              className="w-32"
              value={drawn.radiusM}
              onChange={(e) => {
                onChange({ shape, drawn: { ...drawn, radiusM: Number(e.target.value) } });
              }}
              data-testid="poi-radius"
            />
          </label>
        ) : null}
        {drawn ? (
          <span className="text-xs text-slate-500 tabular-nums" data-testid="poi-drawn">
            {drawn.kind === 'polygon' ? t('draw.vertices', { count: drawn.ring.length }) : `${drawn.lon.toFixed(6)}, ${drawn.lat.toFixed(6)}`}
          </span>
        ) : null}
        {drawn && shape !== 1 ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              onChange({ shape, drawn: null });
            }}
          >
            {t('draw.again')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
