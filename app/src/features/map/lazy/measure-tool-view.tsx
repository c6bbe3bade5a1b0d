/**
 * mapComponents/measureTool (测距工具): distances and areas on the console's map. Pick distance or area, click the
 * map to add points and double-click to finish; every segment is labelled, each sketch with its total (and area),
 * geodesic (measure-map.ts). Undo the last point (or sketch), clear everything, km or m, and the map's base tiles.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { MapStatus } from '@/components/map/map-status';
import { TILE_CHOICES, type TileChoice } from '@/components/map/types';
import { currentTileChoice, useTileChoice } from '@/components/map/use-tile-choice';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useLazyWidget } from '@/lib/use-lazy-widget';
import { formatArea, formatLength, MEASURE_UNITS, type MeasureUnit } from '../measure-format';
import { SAMPLE_CENTER, SAMPLE_ZOOM } from '../sample-fleet';
import type { MeasureKind, Measurement } from './measure-map';

const KINDS: readonly MeasureKind[] = ['distance', 'area'];

function Result({ m, index, unit, drawing = false }: { m: Measurement; index: number; unit: MeasureUnit; drawing?: boolean }) {
  const { t } = useTranslation('pieces');
  return (
    <li className="space-y-1 px-4 py-3" data-testid={drawing ? 'measure-drawing' : 'measure-item'}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900">
          {drawing ? t('measure.drawing') : t(`measure.item.${m.kind}`, { n: index + 1 })}
        </span>
        <span className="text-sm font-semibold text-slate-900 tabular-nums" data-testid="measure-total">
          {m.area !== null ? `${formatArea(m.area, unit)} · ` : ''}
          {formatLength(m.total, unit)}
        </span>
      </div>
      {m.segments.length > 1 ? (
        <ol className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-500 tabular-nums">
          {m.segments.map((s, i) => (
            <li key={i}>
              {t('measure.segment', { n: i + 1 })} {formatLength(s, unit)}
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}

export default function MeasureToolView({ route }: MenuViewProps) {
  const { t } = useTranslation(['pieces', 'map']);
  const { lang } = useApp();
  const [tiles, setTiles] = useTileChoice();
  const [kind, setKind] = useState<MeasureKind | null>('distance');
  const [unit, setUnit] = useState<MeasureUnit>('km');
  const [done, setDone] = useState<Measurement[]>([]);
  const [drawing, setDrawing] = useState<Measurement | null>(null);
  const initial = useRef({ kind, unit });
  const { ref, handle, status } = useLazyWidget(async (el) => {
    const { createMeasureMap } = await import('./measure-map');
    const made = createMeasureMap(el, {
      center: SAMPLE_CENTER,
      zoom: SAMPLE_ZOOM,
      tiles: currentTileChoice(),
      unit: initial.current.unit,
      onChange: (list, current) => {
        setDone(list);
        setDrawing(current);
      },
    });
    made.setKind(initial.current.kind);
    return made;
  });
  useEffect(() => {
    initial.current.kind = kind;
    handle.current?.setKind(kind);
  }, [handle, kind, status]);
  useEffect(() => {
    initial.current.unit = unit;
    handle.current?.setUnit(unit);
  }, [handle, unit, status]);
  useEffect(() => {
    handle.current?.setTiles(tiles);
  }, [handle, tiles, status]);

  const segmented = (active: boolean) =>
    cx('h-9 px-3 text-sm font-medium first:rounded-l-md last:rounded-r-md', active ? 'bg-accent text-white' : 'bg-white text-slate-700 hover:bg-slate-50');
  const nothing = done.length === 0 && drawing === null;
  return (
    <ViewPage title={menuTitle(route, lang)} description={t('pieces:measure.description')}>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]" data-testid="measure-tool-view">
        <Panel className="overflow-hidden">
          <div role="toolbar" aria-label={t('pieces:measure.tools')} className="flex flex-wrap items-center gap-2 border-b border-slate-100 p-3">
            <div className="inline-flex rounded-md ring-1 ring-slate-200" role="radiogroup" aria-label={t('pieces:measure.kind')}>
              {KINDS.map((k) => (
                <button
                  key={k}
                  type="button"
                  role="radio"
                  aria-checked={kind === k}
                  className={segmented(kind === k)}
                  onClick={() => {
                    setKind(kind === k ? null : k);
                  }}
                >
                  {t(`pieces:measure.${k}`)}
                </button>
              ))}
            </div>
            <Button variant="secondary" size="sm" onClick={() => handle.current?.undo()} disabled={nothing}>
              {t('pieces:measure.undo')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => handle.current?.clear()} disabled={nothing}>
              {t('pieces:measure.clear')}
            </Button>
            <div className="inline-flex rounded-md ring-1 ring-slate-200" role="radiogroup" aria-label={t('pieces:measure.unit')}>
              {MEASURE_UNITS.map((u) => (
                <button
                  key={u}
                  type="button"
                  role="radio"
                  aria-checked={unit === u}
                  className={segmented(unit === u)}
                  onClick={() => {
                    setUnit(u);
                  }}
                >
                  {u}
                </button>
              ))}
            </div>
            <label className="ml-auto flex items-center gap-1.5 text-xs whitespace-nowrap text-slate-500">
              {t('map:tools.tiles')}
              <select
                value={tiles}
                className="h-9 rounded-md bg-white px-2 text-sm text-slate-700 ring-1 ring-slate-200"
                onChange={(e) => {
                  setTiles(e.target.value as TileChoice);
                }}
              >
                {TILE_CHOICES.map((c) => (
                  <option key={c} value={c}>
                    {t(`map:tools.${c}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="relative isolate h-[55vh] min-h-72 bg-[#e9eef2] lg:h-[65vh]">
            <div ref={ref} role="region" aria-label={t('pieces:measure.map')} className="absolute inset-0" data-map-status={status} data-testid="measure-map" />
            <MapStatus status={status} loadingText={t('pieces:measure.mapLoading')} errorText={t('pieces:measure.mapFailed')} />
          </div>
          <p className="px-3 py-2 text-xs text-slate-500">{kind ? t(`pieces:measure.hint.${kind}`) : t('pieces:measure.hint.none')}</p>
        </Panel>
        <Panel title={t('pieces:measure.results')}>
          {nothing ? (
            <p className="px-4 py-6 text-sm text-slate-500">{t('pieces:measure.empty')}</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-live="polite">
              {done.map((m, i) => (
                <Result key={i} m={m} index={i} unit={unit} />
              ))}
              {drawing ? <Result m={drawing} index={done.length} unit={unit} drawing /> : null}
            </ul>
          )}
        </Panel>
      </div>
    </ViewPage>
  );
}
