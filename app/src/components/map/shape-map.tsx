/**
 * A map of shapes that can also be drawn on (points of interest, routes). The server (and the first browser render)
 * shows a placeholder; OpenLayers and its Draw/Modify interactions are imported in an effect after hydration.
 */
import { useEffect, useRef, useState } from 'react';

import { cx } from '@/components/ui/cx';
import { AlertIcon, SpinnerIcon } from '@/components/ui/icons';
import type { ShapeMapHandle } from './lazy/ol-shape-map';
import type { DrawMode, DrawnShape, LonLatBox, MapShape } from './shapes';

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

type Status = 'loading' | 'ready' | 'error';

/** Eastern China, where the fleets drive, until something asks for another view. */
const DEFAULT_CENTER: [number, number] = [116.4, 39.9];

export function ShapeMap(props: ShapeMapProps) {
  const { shapes, selectedId = null, draw = 'none', draft = null, fitKey, fitId, label, loadingText, errorText, className, testId } = props;
  const targetRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<ShapeMapHandle | null>(null);
  const latest = useRef(props);
  const [status, setStatus] = useState<Status>('loading');

  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    let cancelled = false;
    const target = targetRef.current;
    if (!target) return;
    import('./lazy/ol-shape-map')
      .then(({ createShapeMap }) => {
        if (cancelled) return;
        const p = latest.current;
        const handle = createShapeMap(target, {
          center: p.center ?? DEFAULT_CENTER,
          zoom: p.zoom ?? 9,
          onSelect: (id) => latest.current.onSelect?.(id),
          onDrawn: (shape) => latest.current.onDrawn?.(shape),
          onView: (box) => latest.current.onView?.(box),
        });
        handle.setShapes(p.shapes);
        handle.select(p.selectedId ?? null);
        handle.setDraw(p.draw ?? 'none');
        handle.setDraft(p.draft ?? null);
        if (p.fitKey !== undefined) handle.fit(p.fitId);
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
    handleRef.current?.setShapes(shapes);
  }, [shapes]);
  useEffect(() => {
    handleRef.current?.select(selectedId);
  }, [selectedId]);
  useEffect(() => {
    handleRef.current?.setDraw(draw);
  }, [draw]);
  useEffect(() => {
    handleRef.current?.setDraft(draft);
  }, [draft]);
  useEffect(() => {
    if (fitKey !== undefined) handleRef.current?.fit(fitId);
  }, [fitKey, fitId]);

  return (
    <div className={cx('isolate overflow-hidden bg-[#e9eef2]', className ?? 'relative')}>
      <div
        ref={targetRef}
        role="region"
        aria-label={label}
        className="absolute inset-0"
        data-map-status={status}
        data-draw={draw}
        data-shapes={shapes.length}
        data-testid={testId}
      />
      {status !== 'ready' ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center p-6">
          <p className="flex items-center gap-2 rounded-lg bg-white/90 px-4 py-2.5 text-sm text-slate-600 shadow-sm" role="status">
            {status === 'loading' ? <SpinnerIcon className="size-4 animate-spin" /> : <AlertIcon className="size-4 text-amber-500" />}
            {status === 'loading' ? loadingText : errorText}
          </p>
        </div>
      ) : null}
    </div>
  );
}
