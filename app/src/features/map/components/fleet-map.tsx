/**
 * The map box of /map. The server (and the first browser render) shows a placeholder; OpenLayers is imported in an
 * effect after hydration and driven through the handle of lazy/fleet-map.ts.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AlertIcon, SpinnerIcon } from '@/components/ui/icons';
import type { LonLatBox, MapShape } from '@/components/map/shapes';
import type { FleetVehicle } from '@/features/vehicles';
import type { FleetMapHandle, MapTool, OrderMarker, TileChoice } from '../map-types';

interface FleetMapProps {
  vehicles: readonly FleetVehicle[];
  center: [number, number];
  zoom: number;
  tiles: TileChoice;
  selectedId: number | null;
  /** The work-order layer's markers; null when it is off. */
  orders: readonly OrderMarker[] | null;
  selectedOrderId: number | null;
  /** The points of interest's shapes; null when no POI filter is on. */
  pois: readonly MapShape[] | null;
  selectedPoiId: string | null;
  follow: boolean;
  tool: MapTool;
  /** Bumped to clear the measurements and sketches. */
  clearKey: number;
  onSelect: (carId: number | null) => void;
  onSelectOrder: (id: number) => void;
  onSelectPoi: (shapeId: string) => void;
  onView: (box: LonLatBox) => void;
  onMeasure: (metres: number) => void;
}

type Status = 'loading' | 'ready' | 'error';

export function FleetMap(props: FleetMapProps) {
  const { vehicles, tiles, selectedId, orders, selectedOrderId, pois, selectedPoiId, follow, tool, clearKey } = props;
  const { t } = useTranslation('map');
  const targetRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<FleetMapHandle | null>(null);
  const latest = useRef(props);
  const [status, setStatus] = useState<Status>('loading');

  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    let cancelled = false;
    const target = targetRef.current;
    if (!target) return;
    import('../lazy/fleet-map')
      .then(({ createFleetMap }) => {
        if (cancelled) return;
        const p = latest.current;
        const handle = createFleetMap(target, {
          center: p.center,
          zoom: p.zoom,
          tiles: p.tiles,
          onSelect: (id) => {
            latest.current.onSelect(id);
          },
          onSelectOrder: (id) => {
            latest.current.onSelectOrder(id);
          },
          onSelectPoi: (id) => {
            latest.current.onSelectPoi(id);
          },
          onView: (box) => {
            latest.current.onView(box);
          },
          onMeasure: (m) => {
            latest.current.onMeasure(m);
          },
        });
        handle.setVehicles(p.vehicles);
        handle.select(p.selectedId);
        handle.setOrders(p.orders);
        handle.selectOrder(p.selectedOrderId);
        handle.setPois(p.pois);
        handle.selectPoi(p.selectedPoiId);
        handle.setFollow(p.follow);
        handle.setTool(p.tool);
        handleRef.current = handle;
        setStatus('ready');
      })
      .catch(() => {
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
      handleRef.current?.dispose();
      handleRef.current = null;
    };
  }, []);

  useEffect(() => {
    handleRef.current?.setVehicles(vehicles);
  }, [vehicles]);
  useEffect(() => {
    handleRef.current?.select(selectedId);
  }, [selectedId]);
  useEffect(() => {
    handleRef.current?.setOrders(orders);
  }, [orders]);
  useEffect(() => {
    handleRef.current?.selectOrder(selectedOrderId);
  }, [selectedOrderId]);
  useEffect(() => {
    handleRef.current?.setPois(pois);
  }, [pois]);
  useEffect(() => {
    handleRef.current?.selectPoi(selectedPoiId);
  }, [selectedPoiId]);
  useEffect(() => {
    handleRef.current?.setFollow(follow);
  }, [follow]);
  useEffect(() => {
    handleRef.current?.setTool(tool);
  }, [tool]);
  useEffect(() => {
    handleRef.current?.setTiles(tiles);
  }, [tiles]);
  useEffect(() => {
    if (clearKey > 0) handleRef.current?.clearSketches();
  }, [clearKey]);

  return (
    <div className="absolute inset-0 isolate overflow-hidden bg-[#e9eef2]">
      <div ref={targetRef} role="region" aria-label={t('mapLabel')} className="absolute inset-0" data-map-status={status} data-tiles={tiles} data-testid="fleet-map" />
      {status !== 'ready' ? (
        <div className="absolute inset-0 flex items-center justify-center p-6">
          <p className="flex items-center gap-2 rounded-lg bg-white/90 px-4 py-2.5 text-sm text-slate-600 shadow-sm" role="status">
            {status === 'loading' ? <SpinnerIcon className="size-4 animate-spin" /> : <AlertIcon className="size-4 text-amber-500" />}
            {status === 'loading' ? t('loading') : t('unavailable')}
          </p>
        </div>
      ) : null}
    </div>
  );
}
