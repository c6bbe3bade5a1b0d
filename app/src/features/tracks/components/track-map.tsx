/**
 * The map box of the track screens. The first render shows a placeholder; OpenLayers is imported in an effect and
 * driven through the handle of lazy/track-map.ts. What is drawn is mirrored in data attributes (lines, fixes,
 * markers), so tests and tools can see it without reading the canvas.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { currentTileChoice, useTileChoice } from '@/components/map/use-tile-choice';
import { MapStatus } from '@/components/map/map-status';
import { useLazyWidget } from '@/lib/use-lazy-widget';
import type { TrackLine, TrackMarker } from '../track-map-types';

/** Shanghai, the demo fleet's home, until a track gives the map something to show. */
const DEFAULT_CENTER: [number, number] = [121.4737, 31.2304];
const DEFAULT_ZOOM = 10;

interface TrackMapProps {
  lines: readonly TrackLine[];
  highlights?: readonly (readonly [number, number])[][];
  markers?: readonly TrackMarker[];
  vehicle?: { lon: number; lat: number; direction: number } | null;
  /** Follow the vehicle while it plays. */
  follow?: boolean;
  /** The view fits the lines whenever this changes (another day or range). */
  fitKey: string;
  onSelectLine?: (id: string) => void;
  /** Shown over the map (loading, empty, error of the data). */
  overlay?: ReactNode;
  className?: string;
}

const NO_HIGHLIGHTS: readonly (readonly [number, number])[][] = [];
const NO_MARKERS: readonly TrackMarker[] = [];

export function TrackMap(props: TrackMapProps) {
  const { lines, highlights = NO_HIGHLIGHTS, markers = NO_MARKERS, vehicle = null, follow = false, fitKey, overlay, className } = props;
  const { t } = useTranslation('locus');
  const [tiles] = useTileChoice();
  const latest = useRef(props);
  const fitted = useRef<string | null>(null);

  useEffect(() => {
    latest.current = props;
  });

  const { ref: targetRef, handle: handleRef, status } = useLazyWidget(async (target) => {
    const { createTrackMap } = await import('../lazy/track-map');
    const p = latest.current;
    return createTrackMap(target, {
      center: DEFAULT_CENTER,
      zoom: DEFAULT_ZOOM,
      tiles: currentTileChoice(),
      onSelectLine: p.onSelectLine ? (id) => latest.current.onSelectLine?.(id) : undefined,
    });
  });

  useEffect(() => {
    const handle = handleRef.current;
    if (!handle) return;
    handle.setLines(lines, highlights);
    handle.setMarkers(markers);
    if (fitted.current !== fitKey && lines.some((l) => l.coords.length > 0)) {
      fitted.current = fitKey;
      handle.fit();
    }
  }, [handleRef, status, lines, highlights, markers, fitKey]);
  useEffect(() => {
    handleRef.current?.setVehicle(vehicle, follow);
  }, [handleRef, status, vehicle, follow]);
  useEffect(() => {
    handleRef.current?.setTiles(tiles);
  }, [handleRef, tiles]);

  const fixes = lines.reduce((n, l) => n + l.coords.length, 0);
  return (
    <div className={className ?? 'relative h-[60vh] min-h-80'}>
      <div className="absolute inset-0 isolate overflow-hidden rounded-xl bg-[#e9eef2] ring-1 ring-slate-200">
        <div
          ref={targetRef}
          role="region"
          aria-label={t('map.label')}
          className="absolute inset-0"
          data-testid="track-map"
          data-map-status={status}
          data-tiles={tiles}
          data-lines={lines.filter((l) => l.coords.length > 1).length}
          data-fixes={fixes}
          data-markers={markers.length}
          data-speeding={highlights.filter((h) => h.length > 1).length}
        />
        <MapStatus status={status} loadingText={t('map.loading')} errorText={t('map.failed')} />
        {status === 'ready' && overlay ? (
          <div className="pointer-events-none absolute inset-x-0 top-3 flex justify-center px-3">
            <div className="pointer-events-auto">{overlay}</div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
