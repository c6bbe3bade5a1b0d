/**
 * Wheel positions from an axle layout (docs/fleet-data.md): "2,4,4" = axle 1 with 2 wheels, axles 2 and 3 with 4;
 * position = axle * 10 + wheel (both from 1; axle from the front, wheel from the left). Pure.
 */
export const MAX_AXLES = 9;
export const MAX_WHEELS_PER_AXLE = 8;

/** The wheels per axle, or null when the layout is not "n,n,…" with 1–9 axles of 1–8 wheels. */
export function parseAxleLayout(layout: string): number[] | null {
  const parts = layout.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.length > MAX_AXLES) return null;
  const counts = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : NaN));
  return counts.every((n) => n >= 1 && n <= MAX_WHEELS_PER_AXLE) ? counts : null;
}

/** Positions per axle, front to back: "2,4" → [[11, 12], [21, 22, 23, 24]]; [] for a bad layout. */
export function wheelPositions(layout: string): number[][] {
  const counts = parseAxleLayout(layout) ?? [];
  return counts.map((n, i) => Array.from({ length: n }, (_, w) => (i + 1) * 10 + w + 1));
}

export function axleOf(position: number): number {
  return Math.floor(position / 10);
}

export function wheelOf(position: number): number {
  return position % 10;
}
