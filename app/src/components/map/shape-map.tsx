/**
 * A map of shapes that can also be drawn on (points of interest, routes), on the tiles the live map uses. The server
 * (and the first browser render) shows a placeholder; OpenLayers and its Draw/Modify interactions are imported in an
 * effect after hydration.
 */
import { useEffect, useRef } from 'react';

import { cx } from '@/components/ui/cx';
import { useLazyWidget } from '@/lib/use-lazy-widget';
import { MapStatus } from './map-status';
import type { DrawMode, DrawnShape, LonLatBox, MapShape } from './shapes';
import { currentTileChoice, useTileChoice } from './use-tile-choice';

interface ShapeMapProps {
  shapes: readonly MapShape[];
  selectedId?: string | null;
  onSelect?: (id: string | null) => void;
  /** What a click or drag on the map draws (default none). */
  draw?: DrawMode;
  /** The shape being edited (draggable), or null. */
  draft?: DrawnShape | null;
  onDrawn?: (shape: DrawnShape) => void;
  /** The viewport after every move (and once at the start). */
  onView?: (box: LonLatBox) => void;
  /** Changing it brings the shapes and the draft (or the shape `fitId`) into view. */
  fitKey?: string | number;
  fitId?: string;
  center?: [number, number];
  zoom?: number;
  label: string;
  loadingText: string;
  errorText: string;
  /** Size and position of the map box (default `relative`; it must give the box a height). */
  className?: string;
  testId?: string;
}

/** Eastern China, where the fleets drive, until something asks for another view. */
const DEFAULT_CENTER: [number, number] = [116.4, 39.9];

export function ShapeMap(props: ShapeMapProps) {
  const { shapes, selectedId = null, draw = 'none', draft = null, fitKey, fitId, label, loadingText, errorText, className, testId } = props;
  const [tiles] = useTileChoice();
  const latest = useRef(props);
  const { ref: targetRef, handle: handleRef, status } = useLazyWidget(async (target) => {
    const { createShapeMap } = await import('./lazy/ol-shape-map');
    const p = latest.current;
    const handle = createShapeMap(target, {
      center: p.center ?? DEFAULT_CENTER,
      zoom: p.zoom ?? 9,
      tiles: currentTileChoice(),
      onSelect: (id) => latest.current.onSelect?.(id),
      onDrawn: (shape) => latest.current.onDrawn?.(shape),
      onView: (box) => latest.current.onView?.(box),
    });
    handle.setShapes(p.shapes);
    handle.select(p.selectedId ?? null);
    handle.setDraw(p.draw ?? 'none');
    handle.setDraft(p.draft ?? null);
    if (p.fitKey !== undefined) handle.fit(p.fitId);
    return handle;
  });

  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    handleRef.current?.setShapes(shapes);
  }, [shapes, handleRef]);
  useEffect(() => {
    handleRef.current?.select(selectedId);
  }, [selectedId, handleRef]);
  useEffect(() => {
    handleRef.current?.setDraw(draw);
  }, [draw, handleRef]);
  useEffect(() => {
    handleRef.current?.setDraft(draft);
  }, [draft, handleRef]);
  useEffect(() => {
    if (fitKey !== undefined) handleRef.current?.fit(fitId);
  }, [fitKey, fitId, handleRef]);
  useEffect(() => {
    handleRef.current?.setTiles(tiles);
  }, [tiles, handleRef]);

  return (
    <div className={cx('isolate overflow-hidden bg-[#e9eef2]', className ?? 'relative')}>
      <div
        ref={targetRef}
        role="region"
        aria-label={label}
        className="absolute inset-0"
        data-map-status={status}
        data-draw={draw}
        data-tiles={tiles}
        data-shapes={shapes.length}
        data-testid={testId}
      />
      <MapStatus status={status} loadingText={loadingText} errorText={errorText} />
    </div>
  );
}
