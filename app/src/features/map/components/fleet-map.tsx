/**
 * The map box of /map. The server (and the first browser render) shows a placeholder; OpenLayers is imported in an
 * effect after hydration and driven through the handle of lazy/fleet-map.ts.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { MapStatus } from '@/components/map/map-status';
import type { LonLatBox, MapShape } from '@/components/map/shapes';
import { currentTileChoice } from '@/components/map/use-tile-choice';
import type { FleetVehicle } from '@/features/vehicles';
import { useLazyWidget } from '@/lib/use-lazy-widget';
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

export function FleetMap(props: FleetMapProps) {
  const { vehicles, tiles, selectedId, orders, selectedOrderId, pois, selectedPoiId, follow, tool, clearKey } = props;
  const { t } = useTranslation('map');
  const latest = useRef(props);
  const { ref: targetRef, handle: handleRef, status } = useLazyWidget<FleetMapHandle>(async (target) => {
    const { createFleetMap } = await import('../lazy/fleet-map');
    const p = latest.current;
    const handle = createFleetMap(target, {
      center: p.center,
      zoom: p.zoom,
      tiles: currentTileChoice(),
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
    return handle;
  });

  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    handleRef.current?.setVehicles(vehicles);
  }, [vehicles, handleRef]);
  useEffect(() => {
    handleRef.current?.select(selectedId);
  }, [selectedId, handleRef]);
  useEffect(() => {
    handleRef.current?.setOrders(orders);
  }, [orders, handleRef]);
  useEffect(() => {
    handleRef.current?.selectOrder(selectedOrderId);
  }, [selectedOrderId, handleRef]);
  useEffect(() => {
    handleRef.current?.setPois(pois);
  }, [pois, handleRef]);
  useEffect(() => {
    handleRef.current?.selectPoi(selectedPoiId);
  }, [selectedPoiId, handleRef]);
  useEffect(() => {
    handleRef.current?.setFollow(follow);
  }, [follow, handleRef]);
  useEffect(() => {
    handleRef.current?.setTool(tool);
  }, [tool, handleRef]);
  useEffect(() => {
    handleRef.current?.setTiles(tiles);
  }, [tiles, handleRef]);
  useEffect(() => {
    if (clearKey > 0) handleRef.current?.clearSketches();
  }, [clearKey, handleRef]);

  return (
    <div className="absolute inset-0 isolate overflow-hidden bg-[#e9eef2]">
      <div ref={targetRef} role="region" aria-label={t('mapLabel')} className="absolute inset-0" data-map-status={status} data-tiles={tiles} data-testid="fleet-map" />
      <MapStatus status={status} loadingText={t('loading')} errorText={t('unavailable')} />
    </div>
  );
}
