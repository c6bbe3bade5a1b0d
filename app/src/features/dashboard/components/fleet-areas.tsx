/**
 * Where the fleet is now (dataReport/areal_distribution): the vehicles in scope by map cell of their last position,
 * from the live fleet (not the finished days the rest of the overview reads). A map of the cells as rectangles, each
 * with its vehicle count and coloured by its share of vehicles with an active alarm, a choice of cell size, and the
 * same data as a table, most vehicles first.
 */
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable, type Column } from '@/components/crud/data-table';
import { Panel } from '@/components/crud/view';
import { MapLegend } from '@/components/map/map-legend';
import { ShapeMap } from '@/components/map/shape-map';
import type { MapShape } from '@/components/map/shapes';
import { SelectInput } from '@/components/ui/fields';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import type { AreaCell } from '@/lib/api-types';
import { useAreaCells } from '../api/get-area-cells';
import { ALARM_SHARE_BANDS, alarmColor, alarmShare, CELL_SIZES, cellId, DEFAULT_CELL, degrees } from '../model';

export function FleetAreas() {
  const { t } = useTranslation('dashboard');
  const sizeId = useId();
  const [cell, setCell] = useState<number>(DEFAULT_CELL);
  const [selected, setSelected] = useState<string | null>(null);
  const areas = useAreaCells(cell);
  const shown = areas.data;
  const cells = useMemo(() => [...(shown?.cells ?? [])].sort((a, b) => b.all - a.all), [shown]);
  const shownCell = shown?.cell ?? cell;
  const bounds = (c: AreaCell) => t('areas.bounds', { south: degrees(c.south, 'lat', shownCell), north: degrees(c.north, 'lat', shownCell), west: degrees(c.west, 'lon', shownCell), east: degrees(c.east, 'lon', shownCell) });
  const shapes = useMemo<MapShape[]>(
    () =>
      cells.map((c) => ({
        id: cellId(c),
        kind: 'polygon',
        ring: [
          [c.west, c.south],
          [c.east, c.south],
          [c.east, c.north],
          [c.west, c.north],
        ],
        color: alarmColor(c),
        symbol: 'square',
        badge: String(c.all),
        label: t('areas.cellLabel', { all: c.all, alarm: c.alarm }),
      })),
    [cells, t],
  );
  const total = cells.reduce((n, c) => n + c.all, 0);
  const columns: Column<AreaCell>[] = [
    {
      key: 'cell',
      header: t('areas.cell'),
      primary: true,
      cell: (c) => (
        <span className="inline-flex items-center gap-2 whitespace-nowrap">
          <span aria-hidden="true" className="size-2.5 shrink-0 rounded-sm" style={{ backgroundColor: alarmColor(c) }} />
          {bounds(c)}
        </span>
      ),
    },
    { key: 'all', header: t('areas.all'), align: 'right', cell: (c) => <span data-testid="area-all">{c.all}</span> },
    { key: 'alarm', header: t('areas.alarm'), align: 'right', cell: (c) => (c.alarm > 0 ? `${String(c.alarm)} (${(alarmShare(c) * 100).toFixed(0)}%)` : '0') },
    { key: 'offline', header: t('areas.offline'), align: 'right', cell: (c) => c.offline },
    { key: 'driving', header: t('areas.driving'), align: 'right', cell: (c) => c.driving },
    { key: 'parked', header: t('areas.parked'), align: 'right', cell: (c) => c.parked },
  ];
  const stale = areas.isPlaceholderData;

  return (
    <Panel
      title={t('areas.title')}
      actions={
        <div className="flex items-center gap-2 text-sm whitespace-nowrap text-slate-600">
          <label htmlFor={sizeId}>{t('areas.cellSize')}</label>
          <SelectInput
            id={sizeId}
            className="h-9 w-28"
            value={String(cell)}
            data-testid="area-cell-size"
            onChange={(e) => {
              setCell(Number(e.target.value));
              setSelected(null);
            }}
          >
            {CELL_SIZES.map((s) => (
              <option key={s} value={String(s)}>
                {t('areas.degrees', { n: s })}
              </option>
            ))}
          </SelectInput>
        </div>
      }
    >
      <div
        className="space-y-3 p-4"
        data-testid="fleet-areas"
        data-cell={shown ? String(shown.cell) : undefined}
        data-cells={shown ? cells.length : undefined}
        aria-busy={areas.isFetching ? true : undefined}
      >
        <p className="text-sm text-slate-500">{t('areas.note')}</p>
        {areas.isPending ? (
          <LoadingState className="py-10" />
        ) : areas.isError && !shown ? (
          <ErrorState message={t('areas.loadFailed')} onRetry={() => void areas.refetch()} />
        ) : cells.length === 0 ? (
          <div data-testid="fleet-areas-empty">
            <EmptyState title={t('areas.empty')} className="py-10">
              <p className="max-w-md text-sm text-slate-500">{t('areas.emptyHint')}</p>
            </EmptyState>
          </div>
        ) : (
          <>
            <p className="text-sm text-slate-700" data-testid="area-total" data-total={total}>
              {t('areas.total', { total, cells: cells.length, size: t('areas.degrees', { n: shownCell }) })}
            </p>
            <div className="space-y-4">
              <div className="relative h-80 overflow-hidden rounded-lg ring-1 ring-slate-200 md:h-[420px]">
                <ShapeMap
                  shapes={shapes}
                  selectedId={selected}
                  onSelect={setSelected}
                  fitKey={`${String(shownCell)}:${String(cells.length)}:${String(total)}`}
                  label={t('areas.mapLabel')}
                  loadingText={t('areas.mapLoading')}
                  errorText={t('areas.mapFailed')}
                  className="absolute inset-0"
                  testId="fleet-areas-map"
                />
                <MapLegend
                  id="fleet-areas-legend"
                  title={t('areas.legend')}
                  className="pointer-events-none absolute bottom-2 left-2"
                  entries={ALARM_SHARE_BANDS.map((b) => ({
                    key: b.key,
                    swatch: <span aria-hidden="true" className="size-3 rounded-sm" style={{ backgroundColor: b.color }} />,
                    label: t(`areas.share.${b.key}`),
                  }))}
                />
              </div>
              {/* many small cells make a long table: it scrolls within its box (focusable, for the keyboard) */}
              <div className="max-h-[28rem] min-w-0 overflow-y-auto rounded-lg ring-1 ring-slate-200" role="region" aria-label={t('areas.tableCaption')} tabIndex={0}>
                <DataTable columns={columns} rows={cells} rowKey={cellId} caption={t('areas.tableCaption')} stale={stale} testId="fleet-areas-table" />
              </div>
            </div>
          </>
        )}
      </div>
    </Panel>
  );
}
