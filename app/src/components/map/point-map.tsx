/**
 * A map of points. The server (and the first browser render) shows a placeholder; OpenLayers is imported lazily once
 * the box comes near the viewport (the map sits below the fold, and neither OpenLayers nor its tiles are needed
 * before someone scrolls to it).
 */
import { useEffect, useRef } from 'react';

import { cx } from '@/components/ui/cx';
import { useLazyWidget } from '@/lib/use-lazy-widget';
import { MapStatus } from './map-status';
import type { MapPoint } from './types';
import { currentTileChoice, useTileChoice } from './use-tile-choice';

interface PointMapProps {
  points: readonly MapPoint[];
  center: [number, number];
  zoom: number;
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  label: string;
  loadingText: string;
  errorText: string;
  /** Size and position of the map box (default `relative`; it must give the box a height). */
  className?: string;
}

export function PointMap({ points, center, zoom, selectedId = null, onSelect, label, loadingText, errorText, className }: PointMapProps) {
  const [tiles] = useTileChoice();
  const latest = useRef({ points, selectedId, onSelect, center, zoom });
  const { ref: targetRef, handle: handleRef, status } = useLazyWidget(
    async (target) => {
      const { createPointMap } = await import('./lazy/ol-point-map');
      const { center: c, zoom: z } = latest.current;
      const handle = createPointMap(target, { center: c, zoom: z, tiles: currentTileChoice(), onSelect: (id) => latest.current.onSelect?.(id) });
      handle.setPoints(latest.current.points);
      handle.select(latest.current.selectedId);
      return handle;
    },
    { whenNear: true },
  );

  useEffect(() => {
    latest.current = { points, selectedId, onSelect, center, zoom };
  });

  useEffect(() => {
    handleRef.current?.setPoints(points);
  }, [points, handleRef]);

  useEffect(() => {
    handleRef.current?.select(selectedId);
  }, [selectedId, handleRef]);

  useEffect(() => {
    handleRef.current?.setTiles(tiles);
  }, [tiles, handleRef]);

  return (
    <div className={cx('isolate overflow-hidden bg-[#e9eef2]', className ?? 'relative')}>
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[linear-gradient(#d9e1e8_1px,transparent_1px),linear-gradient(90deg,#d9e1e8_1px,transparent_1px)] bg-[size:48px_48px]"
      />
      <div ref={targetRef} role="region" aria-label={label} className="absolute inset-0" data-map-status={status} data-tiles={tiles} />
      <MapStatus status={status} loadingText={loadingText} errorText={errorText} />
    </div>
  );
}
