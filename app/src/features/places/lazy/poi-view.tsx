/**
 * locus/poi: points of interest and geofences. The list (by name, type, and near a point, typed or picked on the map)
 * beside a map of the page's rows; add/edit in a dialog where the shape is drawn on a map; delete with a confirmation.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useResource } from '@/components/crud/resource-view';
import { Panel, ViewPage } from '@/components/crud/view';
import { ShapeMap } from '@/components/map/shape-map';
import type { DrawnShape } from '@/components/map/shapes';
import { Button } from '@/components/ui/button';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useIsPlatformStaff } from '@/features/auth';
import { orUndefined } from '@/lib/format';
import { formatDistance } from '@/lib/geo';
import { useDeletePois } from '../api/delete-pois';
import { placesKeys } from '../api/keys';
import { useSavePoi } from '../api/save-poi';
import { searchPois } from '../api/search-pois';
import { PoiCard } from '../components/poi-card';
import { asGeometryRefusal, EMPTY_POI, poiFields, poiInput, poiValues, type PoiValues } from '../components/poi-form';
import { PoiSymbol } from '../components/poi-symbol';
import { FENCE_KEYS, POI_TYPES, poiIdOf, poiShapes, poiTypeStyle } from '../model';
import type { PoiRow, PoiSearch, PoiType } from '../types';

/** A search field's number, or undefined when empty or not a number. */
function numberOf(text: string | undefined): number | undefined {
  const n = text === undefined || text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(n) ? n : undefined;
}

export default function PoiView({ route }: MenuViewProps) {
  const { t } = useTranslation('places');
  const { lang } = useApp();
  const save = useSavePoi();
  const del = useDeletePois();
  const [selected, setSelected] = useState<number | null>(null);
  const [fitKey, setFitKey] = useState(0);
  const staff = useIsPlatformStaff();
  // the next click on the map sets the "near a point" filter
  const [picking, setPicking] = useState(false);

  const resource = useResource<PoiRow, PoiSearch, PoiValues, number>({
    title: menuTitle(route, lang),
    testId: 'pois',
    queryKey: placesKeys.pois,
    fetchPage: searchPois,
    toParams: (s) => {
      const lon = numberOf(s.lon);
      const lat = numberOf(s.lat);
      const near = lon !== undefined && lat !== undefined;
      return {
        poiName: orUndefined(s.name?.trim()),
        poiType: s.type ? [Number(s.type) as PoiType] : undefined,
        ...(near ? { lon, lat, radius: numberOf(s.radius) } : {}),
      };
    },
    searchFields: [
      { name: 'name', label: t('field.name') },
      { name: 'type', label: t('field.type'), type: 'select', options: POI_TYPES.map((p) => ({ value: p.code, label: t(`type.${p.key}`) })) },
      { name: 'lon', label: t('search.lon'), type: 'number', placeholder: '116.397' },
      { name: 'lat', label: t('search.lat'), type: 'number', placeholder: '39.909' },
      { name: 'radius', label: t('search.radius'), type: 'number', placeholder: '5000' },
    ],
    columns: [
      {
        key: 'name',
        header: t('field.name'),
        primary: true,
        cell: (p) => (
          <button
            type="button"
            className="text-left font-medium text-slate-900 hover:underline"
            onClick={() => {
              setSelected(p.id);
              setFitKey((k) => k + 1);
            }}
          >
            {p.name}
          </button>
        ),
      },
      {
        key: 'type',
        header: t('field.type'),
        cell: (p) => (
          <span className="inline-flex items-center gap-1.5">
            <PoiSymbol type={p.poiType} />
            {t(`type.${poiTypeStyle(p.poiType).key}`)}
          </span>
        ),
      },
      { key: 'shape', header: t('field.shape'), cell: (p) => (p.shape === 2 && p.radiusM ? t('shapeCircleOf', { radius: formatDistance(p.radiusM) }) : t(`shape.${p.shape === 3 ? 'polygon' : 'point'}`)) },
      { key: 'fence', header: t('field.fence'), cell: (p) => (p.shape === 1 ? '—' : t(FENCE_KEYS[p.fence])) },
      { key: 'distance', header: t('field.distance'), align: 'right', cell: (p) => (typeof p.distanceM === 'number' ? formatDistance(p.distanceM) : '—') },
      { key: 'address', header: t('field.address'), cell: (p) => p.address },
    ],
    rowKey: (p) => p.id,
    rowLabel: (p) => p.name,
    form: {
      addLabel: t('poi.add'),
      editTitle: (p) => t('poi.edit', { name: p.name }),
      fields: (row) => poiFields(t, staff && row === null),
      empty: EMPTY_POI,
      fromRow: poiValues,
      save: async (values, row) => {
        const input = poiInput(values, row?.id);
        if (input) {
          await save.mutateAsync(input).catch((err: unknown) => {
            throw asGeometryRefusal(err);
          });
        }
      },
      testId: 'poi-form',
      size: 'lg',
    },
    remove: (ids) => del.mutateAsync({ ids }),
  });

  const shapes = useMemo(() => poiShapes(resource.rows), [resource.rows]);
  const picked = resource.rows.find((p) => p.id === selected);
  // the point the list is searched near, marked on the map (however it was given)
  const nearLon = numberOf(resource.filters.lon);
  const nearLat = numberOf(resource.filters.lat);
  const nearPoint = useMemo<DrawnShape | null>(
    () => (nearLon !== undefined && nearLat !== undefined ? { kind: 'point', lon: nearLon, lat: nearLat } : null),
    [nearLon, nearLat],
  );

  useEffect(() => {
    if (!picking) return;
    const cancel = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setPicking(false);
    };
    window.addEventListener('keydown', cancel);
    return () => {
      window.removeEventListener('keydown', cancel);
    };
  }, [picking]);

  return (
    <ViewPage title={menuTitle(route, lang)} actions={resource.toolbar}>
      {resource.search ? <Panel className="p-4">{resource.search}</Panel> : null}
      <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Panel>
          {resource.bulkBar}
          {resource.table}
          {resource.pager ? <div className="px-3">{resource.pager}</div> : null}
        </Panel>
        <div className="relative h-80 overflow-hidden rounded-xl ring-1 ring-slate-200 xl:sticky xl:top-4 xl:h-[560px]">
          <ShapeMap
            shapes={shapes}
            selectedId={picked ? `poi-${String(picked.id)}` : null}
            onSelect={(id) => {
              setSelected(poiIdOf(id));
            }}
            draw={picking ? 'point' : 'none'}
            draft={nearPoint}
            // a click while picking, or the marker dragged
            onDrawn={(shape) => {
              if (shape.kind !== 'point') return;
              setPicking(false);
              resource.applySearch({ lon: String(shape.lon), lat: String(shape.lat) });
            }}
            fitKey={`${String(fitKey)}:${String(shapes.length)}`}
            fitId={picked ? `poi-${String(picked.id)}` : undefined}
            label={t('map.label')}
            loadingText={t('map.loading')}
            errorText={t('map.failed')}
            className="absolute inset-0"
            testId="poi-map"
          />
          <div className="absolute top-3 left-3 z-10 flex flex-col items-start gap-2">
            <Button
              variant={picking ? 'accent' : 'secondary'}
              size="sm"
              aria-pressed={picking}
              onClick={() => {
                setPicking((on) => !on);
              }}
            >
              {t('search.pick')}
            </Button>
            {picking ? (
              <p role="status" className="max-w-56 rounded-lg bg-white/95 px-3 py-2 text-xs text-slate-700 shadow ring-1 ring-slate-200">
                {t('search.picking')}
              </p>
            ) : null}
          </div>
          {picked ? (
            <div className="absolute inset-x-3 bottom-3 z-10 md:left-auto md:w-72">
              <PoiCard
                poi={picked}
                onClose={() => {
                  setSelected(null);
                }}
              />
            </div>
          ) : null}
        </div>
      </div>
      {resource.dialogs}
    </ViewPage>
  );
}
