/** A POI type's mark as the maps draw it (lazy/shape-layer.ts): for legends, lists and toggles. */
import type { ShapeSymbol } from '@/components/map/shapes';
import { poiTypeStyle } from '../model';

const PATHS: Record<ShapeSymbol, string> = {
  circle: 'M8 1.5a6.5 6.5 0 1 1 0 13a6.5 6.5 0 1 1 0-13Z',
  square: 'M2.5 2.5h11v11h-11Z',
  triangle: 'M8 1.5 14.5 13.5h-13Z',
  diamond: 'M8 1 15 8 8 15 1 8Z',
  star: 'M8 1 10 6h5l-4 3.2 1.6 5.3L8 11.4 3.4 14.5 5 9.2 1 6h5Z',
};

export function PoiSymbol({ type, className = 'size-3.5' }: { type: number; className?: string }) {
  const { color, symbol } = poiTypeStyle(type);
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className={className}>
      <path d={PATHS[symbol]} fill={color} stroke="#ffffff" strokeWidth="1.2" strokeLinejoin="round" />
    </svg>
  );
}
