/**
 * The map box of /map. The server (and the first browser render) shows a placeholder; OpenLayers is imported in an
 * effect after hydration and driven through the handle of lazy/fleet-map.ts.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { MapStatus } from '@/components/map/map-status';
import type { FleetVehicle } from '@/features/vehicles';
import { useLazyWidget } from '@/lib/use-lazy-widget';
import type { MapTool, OrderMarker, TileChoice } from '../map-types';

interface FleetMapProps {
  vehicles: readonly FleetVehicle[];
  center: [number, number];
  zoom: number;
  tiles: TileChoice;
  selectedId: number | null;
  /** The work-order layer's markers; null when it is off. */
  orders: readonly OrderMarker[] | null;
  selectedOrderId: number | null;
  follow: boolean;
  tool: MapTool;
  /** Bumped to clear the measurements and sketches. */
  clearKey: number;
  onSelect: (carId: number | null) => void;
  onSelectOrder: (id: number) => void;
  onMeasure: (metres: number) => void;
}

export function FleetMap(props: FleetMapProps) {
  const { vehicles, tiles, selectedId, orders, selectedOrderId, follow, tool, clearKey } = props;
  const { t } = useTranslation('map');
  const latest = useRef(props);

  useEffect(() => {
    latest.current = props;
  });

  const { ref: targetRef, handle: handleRef, status } = useLazyWidget(async (target) => {
    const { createFleetMap } = await import('../lazy/fleet-map');
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
      onMeasure: (m) => {
        latest.current.onMeasure(m);
      },
    });
    handle.setVehicles(p.vehicles);
    handle.select(p.selectedId);
    handle.setOrders(p.orders);
    handle.selectOrder(p.selectedOrderId);
    handle.setFollow(p.follow);
    handle.setTool(p.tool);
    return handle;
  });

  useEffect(() => {
    handleRef.current?.setVehicles(vehicles);
  }, [handleRef, vehicles]);
  useEffect(() => {
    handleRef.current?.select(selectedId);
  }, [handleRef, selectedId]);
  useEffect(() => {
    handleRef.current?.setOrders(orders);
  }, [handleRef, orders]);
  useEffect(() => {
    handleRef.current?.selectOrder(selectedOrderId);
  }, [handleRef, selectedOrderId]);
  useEffect(() => {
    handleRef.current?.setFollow(follow);
  }, [handleRef, follow]);
  useEffect(() => {
    handleRef.current?.setTool(tool);
  }, [handleRef, tool]);
  useEffect(() => {
    handleRef.current?.setTiles(tiles);
  }, [handleRef, tiles]);
  useEffect(() => {
    if (clearKey > 0) handleRef.current?.clearSketches();
  }, [handleRef, clearKey]);

  return (
    <div className="absolute inset-0 isolate overflow-hidden bg-[#e9eef2]">
      <div ref={targetRef} role="region" aria-label={t('mapLabel')} className="absolute inset-0" data-map-status={status} data-tiles={tiles} data-testid="fleet-map" />
      <MapStatus status={status} loadingText={t('loading')} errorText={t('unavailable')} />
    </div>
  );
}
