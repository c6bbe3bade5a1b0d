/**
 * What another screen (the map's vehicle panel, the live alarm list) hands the quick "open work order" view, carried
 * in its query string. Pure and small: the map's entry chunk imports it through the feature's index.
 */
/** A fleet position number (axle * 10 + wheel, as alarms carry it) → the order's `axle-wheel`; null for 0 (no wheel). */
export function orderPosition(position: number): string | null {
  const axle = Math.floor(position / 10);
  const wheel = position % 10;
  return axle > 0 && wheel > 0 ? `${String(axle)}-${String(wheel)}` : null;
}

/** An order's wheel position (`axle-wheel`) → the fleet's number (axle * 10 + wheel); null when it is not one. */
export function positionNumber(name: string): number | null {
  const m = /^(\d)-(\d)$/.exec(name.trim());
  if (!m) return null;
  const axle = Number(m[1]);
  const wheel = Number(m[2]);
  return axle > 0 && wheel > 0 ? axle * 10 + wheel : null;
}

/** What another screen (the map's vehicle panel, an alarm) knows when it asks to open an order. */
export interface OrderPrefill {
  vehicleId?: number;
  plate?: string;
  /** Wheel positions (`axle-wheel`). */
  positions?: string[];
  alarmId?: number;
  lat?: number;
  lon?: number;
  address?: string;
  title?: string;
}

/** The query string of the dialog route for a prefill (`project/dialog?vehicleId=…`), and back. */
export function prefillToQuery(p: OrderPrefill): string {
  const q = new URLSearchParams();
  if (p.vehicleId !== undefined) q.set('vehicleId', String(p.vehicleId));
  if (p.plate) q.set('plate', p.plate);
  if (p.positions && p.positions.length > 0) q.set('positions', p.positions.join(','));
  if (p.alarmId !== undefined) q.set('alarmId', String(p.alarmId));
  if (p.lat !== undefined) q.set('lat', String(p.lat));
  if (p.lon !== undefined) q.set('lon', String(p.lon));
  if (p.address) q.set('address', p.address);
  if (p.title) q.set('title', p.title);
  return q.toString();
}

export function prefillFromQuery(search: string): OrderPrefill {
  const q = new URLSearchParams(search);
  const num = (k: string) => {
    const v = q.get(k);
    if (v === null || v.trim() === '') return undefined;
    const n = Number(v);
    return Number.isFinite(n) ? n : undefined;
  };
  const positions = (q.get('positions') ?? '').split(',').filter((s) => /^\d+-\d+$/.test(s));
  return {
    vehicleId: num('vehicleId'),
    plate: q.get('plate') ?? undefined,
    positions: positions.length > 0 ? positions : undefined,
    alarmId: num('alarmId'),
    lat: num('lat'),
    lon: num('lon'),
    address: q.get('address') ?? undefined,
    title: q.get('title') ?? undefined,
  };
}
