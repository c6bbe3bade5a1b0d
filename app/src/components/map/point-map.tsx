/**
 * A map of points. The server (and the first browser render) shows a placeholder; OpenLayers is imported lazily once
 * the box comes near the viewport (the map sits below the fold, and neither OpenLayers nor its tiles are needed
 * before someone scrolls to it).
 */
import { useEffect, useRef, useState } from 'react';

import { cx } from '@/components/ui/cx';
import type { WidgetStatus } from '@/lib/use-lazy-widget';
import { MapStatus } from './map-status';
import type { MapPoint, PointMapHandle } from './types';

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
  const targetRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<PointMapHandle | null>(null);
  const latest = useRef({ points, selectedId, onSelect, center, zoom });
  const [status, setStatus] = useState<WidgetStatus>('loading');

  useEffect(() => {
    latest.current = { points, selectedId, onSelect, center, zoom };
  });

  useEffect(() => {
    let cancelled = false;
    const target = targetRef.current;
    if (!target) return;
    const load = () => {
      import('./lazy/ol-point-map')
        .then(({ createPointMap }) => {
          if (cancelled) return;
          const { center: c, zoom: z } = latest.current;
          const handle = createPointMap(target, {
            center: c,
            zoom: z,
            onSelect: (id) => latest.current.onSelect?.(id),
          });
          handle.setPoints(latest.current.points);
          handle.select(latest.current.selectedId);
          handleRef.current = handle;
          setStatus('ready');
        })
        .catch(() => {
          if (!cancelled) setStatus('error');
        });
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      { rootMargin: '200px' },
    );
    observer.observe(target);
    return () => {
      cancelled = true;
      observer.disconnect();
      handleRef.current?.dispose();
      handleRef.current = null;
    };
  }, []);

  useEffect(() => {
    handleRef.current?.setPoints(points);
  }, [points]);

  useEffect(() => {
    handleRef.current?.select(selectedId);
  }, [selectedId]);

  return (
    <div className={cx('isolate overflow-hidden bg-[#e9eef2]', className ?? 'relative')}>
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[linear-gradient(#d9e1e8_1px,transparent_1px),linear-gradient(90deg,#d9e1e8_1px,transparent_1px)] bg-[size:48px_48px]"
      />
      <div ref={targetRef} role="region" aria-label={label} className="absolute inset-0" data-map-status={status} />
      <MapStatus status={status} loadingText={loadingText} errorText={errorText} />
    </div>
  );
}
