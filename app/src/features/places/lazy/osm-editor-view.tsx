/**
 * locus/osmEditor (OSM editor): the enterprise's points of interest, geofences and routes of the viewport on the
 * console's base tiles. A feature picked on the map or in the list is edited in place: its shape dragged on the map
 * (undo steps back through unsaved moves), its attributes as OSM-style tags (osm.ts maps them onto /poi/add and
 * /route/add), saved or deleted (with a confirmation). New points, circles and areas are drawn and saved as POIs.
 * The viewport's features download as GeoJSON.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { downloadFile } from '@/components/crud/export';
import { ShapeMap } from '@/components/map/shape-map';
import type { DrawMode, LonLatBox } from '@/components/map/shapes';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/fields';
import { SpinnerIcon } from '@/components/ui/icons';
import { ErrorState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { useButtons } from '@/lib/console/menu-route-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { confirmAction } from '@/lib/feedback';
import { ApiError } from '@/lib/query';
import { useDeletePois } from '../api/delete-pois';
import { useDeleteRoutes } from '../api/delete-routes';
import { usePoisInView } from '../api/get-pois-in-view';
import { useRoutes } from '../api/get-routes';
import { useSavePoi } from '../api/save-poi';
import { useSaveRoute } from '../api/save-route';
import { OsmTagTable } from '../components/osm-tag-table';
import { EMPTY_POI, poiInput } from '../components/poi-form';
import { routeInput } from '../components/route-form';
import { PoiSymbol } from '../components/poi-symbol';
import { poiIdOf, poiShapes, routeIdOf, routeShape } from '../model';
import { editDraft, editGeometry, errorKeyOf, moved, poiEdit, routeEdit, routesInView, toGeoJson, withGeometry, type EditGeometry, type ErrorKey, type OsmEdit } from '../osm';

/** Routes asked at once: one large page (routes are few per enterprise), kept to those crossing the viewport. */
const ROUTE_LIMIT = 500;
/** The features listed beside the map (the map shows all). */
const LIST_LIMIT = 100;
const NEW_KINDS = [
  { mode: 'point', key: 'newPoint', poiType: 9 },
  { mode: 'polygon', key: 'newArea', poiType: 5 },
  { mode: 'circle', key: 'newCircle', poiType: 5 },
] as const;

/** A drawn shape's code (`PoiInput.shape`). */
const SHAPE_OF = { point: 1, circle: 2, polygon: 3 } as const;

type Errors = Partial<Record<ErrorKey, string>>;

export default function OsmEditorView({ route }: MenuViewProps) {
  const { t } = useTranslation('places');
  const { lang } = useApp();
  const can = useButtons();
  const writable = can('edit');
  const [box, setBox] = useState<LonLatBox | null>(null);
  const [edit, setEdit] = useState<OsmEdit | null>(null);
  const [undo, setUndo] = useState<EditGeometry[]>([]);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [filter, setFilter] = useState('');
  const [drawing, setDrawing] = useState<(typeof NEW_KINDS)[number] | null>(null);
  const pois = usePoisInView(box, null);
  const routes = useRoutes({ page: 1, pageSize: ROUTE_LIMIT });
  const savePoi = useSavePoi();
  const saveRoute = useSaveRoute();
  const delPois = useDeletePois();
  const delRoutes = useDeleteRoutes();

  const poiRows = useMemo(() => pois.data?.list ?? [], [pois.data]);
  const routeRows = useMemo(() => routesInView(routes.data?.list ?? [], box), [routes.data, box]);
  const editedId = edit?.id === undefined ? null : `${edit.kind}-${String(edit.id)}`;
  // the feature being edited is drawn as the draggable draft instead
  const shapes = useMemo(
    () => [...routeRows.filter((r) => `route-${String(r.id)}` !== editedId).map(routeShape), ...poiShapes(poiRows.filter((p) => `poi-${String(p.id)}` !== editedId))],
    [routeRows, poiRows, editedId],
  );
  const draft = useMemo(() => (edit ? editDraft(edit) : null), [edit]);
  const failed = pois.isError || routes.isError;
  const loading = box === null || pois.isPending || routes.isPending;
  const saving = savePoi.isPending || saveRoute.isPending;

  function open(next: OsmEdit | null) {
    setEdit(next);
    setUndo([]);
    setDirty(false);
    setErrors({});
  }

  function pick(shapeId: string | null) {
    // unsaved changes stay until saved or discarded; a click beside the feature edited keeps it open
    if (dirty || drawing || (edit && shapeId === null)) return;
    const poi = poiRows.find((p) => p.id === poiIdOf(shapeId));
    const line = routeRows.find((r) => r.id === routeIdOf(shapeId));
    open(poi ? poiEdit(poi) : line ? routeEdit(line) : null);
  }

  function change(next: OsmEdit) {
    setEdit(next);
    setDirty(true);
  }

  function onDrawn(shape: Parameters<typeof moved>[1]) {
    if (drawing) {
      if (shape.kind === 'line') return;
      setDrawing(null);
      open({ kind: 'poi', values: { ...EMPTY_POI, poiType: drawing.poiType, geometry: { shape: SHAPE_OF[shape.kind], drawn: shape } } });
      setDirty(true);
      return;
    }
    if (!edit) return;
    const before = editGeometry(edit);
    if (before) setUndo((u) => [...u, before]);
    change(moved(edit, shape));
    setErrors((e) => ({ ...e, geometry: undefined }));
  }

  async function save() {
    if (!edit) return;
    if (edit.values.name.trim() === '') {
      setErrors({ name: t('osm.nameMissing') });
      return;
    }
    setErrors({});
    try {
      if (edit.kind === 'route') {
        await saveRoute.mutateAsync(routeInput(edit.values, edit.id));
        open(edit);
      } else {
        const input = poiInput(edit.values, edit.id);
        if (!input) return;
        const { id } = await savePoi.mutateAsync(input);
        open({ ...edit, id });
      }
    } catch (err) {
      // the request layer said it in a toast too; here it shows where it belongs
      if (err instanceof ApiError && !err.isTransport) setErrors({ [errorKeyOf(err.field)]: err.message });
    }
  }

  async function remove() {
    if (edit?.id === undefined) return;
    const ok = await confirmAction({ key: 'confirm.deleteTitle' }, { text: t('osm.confirmDelete', { name: edit.values.name }) });
    if (!ok) return;
    const ids = [edit.id];
    await (edit.kind === 'route' ? delRoutes.mutateAsync({ ids }) : delPois.mutateAsync({ ids })).then(() => {
      open(null);
    }, () => undefined);
  }

  function exportView() {
    const json = JSON.stringify(toGeoJson(poiRows, routeRows), null, 2);
    downloadFile(`osm-${new Date().toISOString().slice(0, 10)}.geojson`, [json], 'application/geo+json');
  }

  const mode: DrawMode = drawing?.mode ?? 'none';
  const needle = filter.trim().toLowerCase();
  const listed = [
    ...routeRows.map((r) => ({ id: `route-${String(r.id)}`, name: r.name, type: null })),
    ...poiRows.map((p) => ({ id: `poi-${String(p.id)}`, name: p.name, type: p.poiType })),
  ].filter((f) => f.name.toLowerCase().includes(needle));

  return (
    <div className="flex min-h-[560px] flex-col md:h-full" data-testid="osm-editor">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 md:px-6">
        <h2 className="mr-2 text-base font-semibold text-slate-900">{menuTitle(route, lang)}</h2>
        {writable
          ? NEW_KINDS.map((k) => (
              <Button
                key={k.key}
                size="sm"
                variant={drawing?.key === k.key ? 'accent' : 'secondary'}
                aria-pressed={drawing?.key === k.key}
                disabled={dirty}
                onClick={() => {
                  open(null);
                  setDrawing(drawing?.key === k.key ? null : k);
                }}
              >
                {t(`osm.${k.key}`)}
              </Button>
            ))
          : null}
        <Button size="sm" variant="secondary" onClick={exportView} disabled={loading || failed}>
          {t('osm.export')}
        </Button>
        <span className="ml-auto flex items-center gap-2 text-xs text-slate-500 tabular-nums" role="status" data-testid="osm-count">
          {pois.isFetching || routes.isFetching ? <SpinnerIcon className="size-3.5 animate-spin" /> : null}
          {failed ? <span className="text-red-700">{t('map.loadFailed')}</span> : t('map.count', { pois: poiRows.length, routes: routeRows.length })}
        </span>
      </div>
      <div className="flex flex-col md:min-h-0 md:flex-1 md:flex-row">
        <div className="relative h-[55vh] shrink-0 md:h-auto md:flex-1">
          <ShapeMap
            shapes={shapes}
            selectedId={null}
            onSelect={pick}
            onView={setBox}
            draw={mode}
            draft={draft}
            onDrawn={onDrawn}
            label={t('map.label')}
            loadingText={t('map.loading')}
            errorText={t('map.failed')}
            className="absolute inset-0"
            testId="osm-map"
          />
          {drawing ? (
            <p role="status" className="absolute top-3 left-3 z-10 max-w-64 rounded-lg bg-white/95 px-3 py-2 text-xs text-slate-700 shadow ring-1 ring-slate-200">
              {t(`draw.${drawing.mode}`)}
            </p>
          ) : null}
          {errors.geometry ? (
            <p role="alert" className="absolute inset-x-3 top-3 z-10 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 shadow ring-1 ring-red-300 md:right-auto md:max-w-md" data-testid="osm-geometry-error">
              {errors.geometry}
            </p>
          ) : null}
        </div>
        <aside className="border-t border-slate-200 bg-white p-4 md:min-h-0 md:w-96 md:overflow-y-auto md:border-t-0 md:border-l" aria-label={t('osm.panel')} data-testid="osm-panel">
          {edit ? (
            <div className="space-y-3">
              <div className="flex items-center gap-2">
                {edit.kind === 'poi' && edit.values.poiType !== '' ? <PoiSymbol type={edit.values.poiType} /> : null}
                <h3 className="min-w-0 flex-1 truncate font-semibold text-slate-900">{edit.id === undefined ? t('osm.newFeature') : `${edit.kind}/${String(edit.id)}`}</h3>
                {dirty ? <span className="text-xs text-amber-700">{t('osm.unsaved')}</span> : null}
              </div>
              <p className="text-xs text-slate-500">{t('draw.adjust')}</p>
              {errors.geometry ? (
                <p role="alert" className="text-sm text-red-700">
                  {errors.geometry}
                </p>
              ) : null}
              <OsmTagTable edit={edit} onChange={change} errors={errors} readOnly={!writable} />
              <div className="flex flex-wrap gap-2 pt-1">
                {writable ? (
                  <Button size="sm" onClick={() => void save()} disabled={saving || !dirty} data-testid="osm-save">
                    {saving ? t('osm.saving') : t('osm.save')}
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={undo.length === 0}
                  onClick={() => {
                    const last = undo.at(-1);
                    if (last === undefined) return;
                    setUndo(undo.slice(0, -1));
                    setEdit(withGeometry(edit, last));
                  }}
                >
                  {t('osm.undo', { count: undo.length })}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    open(null);
                  }}
                >
                  {dirty ? t('osm.discard') : t('card.close')}
                </Button>
                {writable && edit.id !== undefined ? (
                  <Button size="sm" variant="danger" className="ml-auto" onClick={() => void remove()}>
                    {t('osm.delete')}
                  </Button>
                ) : null}
              </div>
            </div>
          ) : failed ? (
            <ErrorState
              message={t('map.loadFailed')}
              onRetry={() => {
                void pois.refetch();
                void routes.refetch();
              }}
            />
          ) : (
            <div className="space-y-2">
              <p className="text-sm text-slate-600">{t('osm.hint')}</p>
              <TextInput
                type="search"
                className="h-9 w-full"
                aria-label={t('osm.filter')}
                placeholder={t('osm.filter')}
                value={filter}
                onChange={(e) => {
                  setFilter(e.target.value);
                }}
              />
              {loading ? null : poiRows.length + routeRows.length === 0 ? (
                <p className="rounded-lg bg-slate-50 px-3 py-6 text-center text-sm text-slate-500" data-testid="osm-empty">
                  {t('osm.empty')}
                </p>
              ) : (
                <ul className="divide-y divide-slate-100 text-sm" aria-label={t('osm.list')} data-testid="osm-list">
                  {listed
                    .slice(0, LIST_LIMIT)
                    .map((f) => (
                      <li key={f.id}>
                        <button
                          type="button"
                          className="flex w-full items-center gap-2 py-1.5 text-left text-slate-800 hover:underline"
                          onClick={() => {
                            pick(f.id);
                          }}
                        >
                          {f.type === null ? <span className="inline-block h-0.5 w-3 bg-slate-500" aria-hidden="true" /> : <PoiSymbol type={f.type} />}
                          <span className="truncate">{f.name}</span>
                        </button>
                      </li>
                    ))}
                </ul>
              )}
            </div>
          )}
        </aside>
      </div>
    </div>
  );
}
